import type { Service } from './schemas';

/** Service duration in minutes (a service in hours is converted); zod-free for the renderer. */
export function durationMinutes(service: Pick<Service, 'duration'>): number {
  return service.duration.unit === 'hours' ? service.duration.value * 60 : service.duration.value;
}
