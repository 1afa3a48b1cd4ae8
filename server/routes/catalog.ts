/** getServices and getEmployees: the catalog. */
import { listEmployees, listServices, toApiEmployee, toApiService } from '../db/catalog';
import type { RouteDeps } from './deps';
import type { OperationRoutes, SuccessAnswer } from './operation-routes';

export function catalogRoutes(
  deps: RouteDeps,
): Pick<OperationRoutes, 'getServices' | 'getEmployees'> {
  return {
    getServices: {
      handler: (): SuccessAnswer<'getServices'> => ({
        success: true,
        data: listServices(deps.db).map(toApiService),
      }),
    },
    getEmployees: {
      handler: (): SuccessAnswer<'getEmployees'> => ({
        success: true,
        data: listEmployees(deps.db).map(toApiEmployee),
      }),
    },
  };
}
