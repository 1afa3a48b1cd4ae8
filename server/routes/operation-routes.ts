/**
 * The routes of the API's operations, registered from its table (shared/api/operations.ts): a
 * route module gives each operation its handler, and the method and the path (below buildApp's
 * API_PREFIX) come from the table, so no route spells a path. `OperationRoutes` needs a route
 * for every operation: an operation added to the table without one does not compile.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import {
  apiOperationNames,
  apiOperations,
  type ApiData,
  type ApiOperationName,
} from '../../shared/api/operations';

export type OperationRoute = Pick<RouteOptions, 'handler' | 'preHandler'>;
export type OperationRoutes = Record<ApiOperationName, OperationRoute>;

export function registerOperationRoutes(app: FastifyInstance, routes: OperationRoutes): void {
  for (const name of apiOperationNames) {
    const { method, path } = apiOperations[name];
    app.route({ method, url: path, ...routes[name] });
  }
}

/** The success envelope of an operation, as its handler returns it. */
export interface SuccessAnswer<N extends ApiOperationName> {
  success: true;
  data: ApiData<N>;
}
