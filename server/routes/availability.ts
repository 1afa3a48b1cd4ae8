/**
 * getAvailableDays and getTimeSlots: load schedules and busy intervals, then call the pure
 * functions of shared/booking (no availability logic lives here).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiOperations } from '../../shared/api/operations';
import { durationMinutes } from '../../shared/api/duration';
import type { AvailableDays, TimeSlots } from '../../shared/api/schemas';
import {
  computeAvailableDays,
  computeAvailableDaysAnyService,
  computeDaySlots,
} from '../../shared/booking/availability';
import { DAY_MS, dayWindow } from '../booking/day-window';
import { busyBetween } from '../db/bookings';
import {
  findBookableEmployee,
  findBookableService,
  listServices,
  loadSchedules,
  toApiService,
} from '../db/catalog';
import { sendError, sendInvalid } from '../http/envelope';
import type { RouteDeps } from './deps';
import type { OperationRoutes, SuccessAnswer } from './operation-routes';

export function availabilityRoutes(
  deps: RouteDeps,
): Pick<OperationRoutes, 'getAvailableDays' | 'getTimeSlots'> {
  const { db, settings } = deps;

  const notFound = (field: 'serviceId' | 'employeeId', id: string) =>
    [
      404,
      'Not found',
      `${field}: no bookable ${field === 'serviceId' ? 'service' : 'employee'} with id ${JSON.stringify(id)}`,
    ] as const;

  const availableDays = async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = apiOperations.getAvailableDays.query.safeParse(request.query);
    if (!parsed.success) return sendInvalid(reply, parsed.error, 'query');
    const { year, month, serviceId } = parsed.data;
    const employeeId = parsed.data.employeeId === 'any' ? undefined : parsed.data.employeeId;
    const service = serviceId === undefined ? undefined : findBookableService(db, serviceId);
    if (serviceId !== undefined && !service)
      return sendError(reply, ...notFound('serviceId', serviceId));
    if (employeeId !== undefined && !findBookableEmployee(db, employeeId)) {
      return sendError(reply, ...notFound('employeeId', employeeId));
    }
    const employees = loadSchedules(db);
    const busy = busyBetween(
      db,
      Date.UTC(year, month - 1, 1) - DAY_MS,
      Date.UTC(year, month, 1) + DAY_MS,
    );
    const now = deps.clock();
    const days = service
      ? computeAvailableDays({
          year,
          month,
          serviceId: service.id,
          employeeId,
          durationMinutes: durationMinutes(toApiService(service)),
          employees,
          busy,
          now,
          settings,
        })
      : computeAvailableDaysAnyService({
          year,
          month,
          employeeId,
          services: listServices(db).map((s) => ({
            id: s.id,
            durationMinutes: durationMinutes(toApiService(s)),
          })),
          employees,
          busy,
          now,
          settings,
        });
    const data: AvailableDays = { year, month, availableDays: days, totalDays: days.length };
    const answer: SuccessAnswer<'getAvailableDays'> = { success: true, data };
    return answer;
  };

  const timeSlots = async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = apiOperations.getTimeSlots.query.safeParse(request.query);
    if (!parsed.success) return sendInvalid(reply, parsed.error, 'query');
    const { date, serviceId } = parsed.data;
    const employeeId = parsed.data.employeeId === 'any' ? undefined : parsed.data.employeeId;
    const service = findBookableService(db, serviceId);
    if (!service) return sendError(reply, ...notFound('serviceId', serviceId));
    if (employeeId !== undefined && !findBookableEmployee(db, employeeId)) {
      return sendError(reply, ...notFound('employeeId', employeeId));
    }
    const { fromMs, toMs } = dayWindow(date);
    const timeSlots = computeDaySlots({
      date,
      durationMinutes: durationMinutes(toApiService(service)),
      serviceId,
      employeeId,
      employees: loadSchedules(db),
      busy: busyBetween(db, fromMs, toMs),
      now: deps.clock(),
      settings,
    });
    const data: TimeSlots = { date, timeSlots };
    const answer: SuccessAnswer<'getTimeSlots'> = { success: true, data };
    return answer;
  };

  return { getAvailableDays: { handler: availableDays }, getTimeSlots: { handler: timeSlots } };
}
