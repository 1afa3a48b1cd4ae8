/**
 * The one factory of the API's catalog objects for tests that script an API: a 30-minute
 * enabled service and an available employee, each field replaceable.
 */
import type { Employee, Service } from '../../shared/api/schemas';

export function apiService(id: string, overrides: Partial<Service> = {}): Service {
  return {
    _id: id,
    title: id,
    description: '',
    category: 'Hair',
    pricing: { price: 30, currency: 'EUR', taxRate: 19 },
    duration: { value: 30, unit: 'minutes' },
    features: [],
    enabled: true,
    sortOrder: 1,
    ...overrides,
  };
}

export function apiEmployee(id: string, overrides: Partial<Employee> = {}): Employee {
  return {
    _id: id,
    name: id,
    email: `${id}@example.com`,
    phone: '+49 30 1',
    role: 'Stylist',
    available: true,
    ...overrides,
  };
}
