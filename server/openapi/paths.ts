/**
 * The path items: method and path from the API's table, query parameters from its query
 * schemas, and the answers from the operation's text plus the common ones.
 */
import type { z } from 'zod';
import { apiOperations, type ApiOperationName } from '../../shared/api/operations';
import { API_PREFIX } from '../../shared/api/schemas';
import { jsonSchemaOf, ref } from './components';
import type { OperationText } from './operation-texts';
import { commonResponses, headers, json } from './responses';
import type { JsonSchema, OpenApiDocument, Operation, Parameter, Responses } from './types';

const PARAMETER_NOTES: Record<string, string> = {
  year: 'Year, e.g. 2026.',
  month: 'Month, 1-12.',
  date: 'Date, YYYY-MM-DD, in the business time zone.',
  serviceId: 'Service id.',
  employeeId: 'Employee id; the literal `any` (or no value) means all employees.',
};

/** Query parameters from a query schema: the parsed value's type (decoded from the URL string). */
function queryParameters(schema: z.ZodObject): Parameter[] {
  const json = jsonSchemaOf(schema, 'output');
  const required = new Set(Array.isArray(json.required) ? json.required : []);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query' as const,
    required: required.has(name),
    description: PARAMETER_NOTES[name] ?? name,
    schema: property,
  }));
}

function operation(
  summary: string,
  description: string,
  responses: Responses,
  extra: Pick<Operation, 'parameters' | 'requestBody'> = {},
): Operation {
  return {
    summary,
    description,
    tags: ['booking'],
    ...extra,
    responses: { ...responses, ...commonResponses() },
  };
}

/** The path item of one operation: method and path from the table, parameters from its query. */
export function pathItem(name: ApiOperationName, text: OperationText): OpenApiDocument['paths'] {
  const { method, path, query, body } = apiOperations[name];
  if ((body === null) !== (text.body === null))
    throw new Error(`${name}: the body and its component disagree`);
  const extra: Pick<Operation, 'parameters' | 'requestBody'> = {};
  const parameters = [...(query ? queryParameters(query) : []), ...(text.headers ?? [])];
  if (parameters.length > 0) extra.parameters = parameters;
  if (text.body !== null)
    extra.requestBody = {
      required: true,
      content: { 'application/json': { schema: ref(text.body) } },
    };
  const { status, description, component, replayable } = text.success;
  const success = json(
    description,
    component,
    headers('required', replayable ? { 'Idempotent-Replayed': false } : {}),
  );
  const key = method === 'GET' ? 'get' : 'post';
  return {
    [`${API_PREFIX}${path}`]: {
      [key]: operation(
        text.summary,
        text.description,
        { [status]: success, ...text.responses },
        extra,
      ),
    },
  };
}
