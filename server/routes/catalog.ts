/** GET /services and GET /employees. */
import type { FastifyInstance } from 'fastify';
import type { Employee, Service } from '../../shared/api/schemas';
import { listEmployees, listServices, toApiEmployee, toApiService } from '../db/catalog';
import type { RouteDeps } from './deps';

export function registerCatalogRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/services', (): { success: true; data: Service[] } => ({
    success: true,
    data: listServices(deps.db).map(toApiService),
  }));
  app.get('/employees', (): { success: true; data: Employee[] } => ({
    success: true,
    data: listEmployees(deps.db).map(toApiEmployee),
  }));
}
