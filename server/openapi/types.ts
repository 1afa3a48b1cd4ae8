/**
 * The parts of OpenAPI 3.1 this document uses (openapi-types' 3.1 types reject valid 3.1
 * schemas such as `const`). Its structure is checked by @apidevtools/swagger-parser in the tests.
 */
export type JsonSchema = Record<string, unknown>;

export interface Header {
  description: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Response {
  description: string;
  headers?: Record<string, Header>;
  content?: Record<string, { schema: JsonSchema }>;
}

export type Responses = Record<string, Response>;
export interface Parameter {
  name: string;
  in: 'query' | 'header';
  required: boolean;
  description: string;
  schema: JsonSchema;
}

export interface Operation {
  summary: string;
  description: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Responses;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  security: Record<string, string[]>[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<'get' | 'post', Operation>>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}
