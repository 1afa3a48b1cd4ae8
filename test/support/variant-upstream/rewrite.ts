/**
 * The pure part of the variant upstream: how one answer of the reference server is rewritten
 * under the switches (body, status and rate-limit headers). No I/O; the hooks in
 * start-variant.ts feed it and send what it returns.
 */
import { otherNumber, type IdMap } from './ids';
import type { Nonsense } from './nonsense';
import type { VariantSwitches } from './switches';

export type Operation =
  'services' | 'employees' | 'available-days' | 'availability' | 'book' | 'other';

export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string | undefined>;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function operationOf(method: string, path: string): Operation {
  const last = path.split('/').pop() ?? '';
  if (method === 'POST') return last === 'book' ? 'book' : 'other';
  switch (last) {
    case 'services':
    case 'employees':
    case 'available-days':
    case 'availability':
      return last;
    default:
      return 'other';
  }
}

export interface RewriteContext {
  switches: VariantSwitches;
  ids: IdMap;
  operation: Operation;
  /** The query as asked (available-days: year and month), for nonsense that differs from it. */
  asked: { year?: number; month?: number };
  nowMs: number;
  nonsense: Nonsense | null;
  /** Fills `employeeId`/`employeeName` of an unavailable slot (unavailableEmployeeFields: include). */
  someEmployee: { id: string; name: string } | null;
}

/** The answer as this variant sends it. `answer` is not mutated. */
export function rewriteAnswer(answer: Answer, ctx: RewriteContext): Answer {
  const body: unknown = structuredClone(answer.body);
  const headers = { ...answer.headers };
  let status = answer.status;
  const { switches } = ctx;
  if (status >= 200 && status < 300 && isObject(body)) {
    rewriteData(body, ctx);
    if (ctx.operation === 'book' && status === 201) status = switches.createdStatus;
  } else if (isObject(body)) {
    status = rewriteErrorStatus(status, body, switches);
    rewriteErrorBody(status, body, headers, switches);
  }
  rewriteRateLimitHeaders(headers, ctx);
  return { status, body, headers };
}

function rewriteData(body: Json, ctx: RewriteContext): void {
  const { switches, ids, nonsense } = ctx;
  const data = body.data;
  switch (ctx.operation) {
    case 'services': {
      if (!Array.isArray(data)) return;
      let services = data as Json[];
      for (const service of services) {
        service._id = ids.out(String(service._id));
        const pricing = service.pricing as Json;
        if (switches.currency !== null) pricing.currency = switches.currency;
        const duration = service.duration as Json;
        if (switches.durationUnit === 'hours' && duration.unit === 'minutes') {
          service.duration = { value: Number(duration.value) / 60, unit: 'hours' };
        }
      }
      if (switches.listOrder === 'reversed') services = services.reverse();
      body.data = nonsense ? nonsense.services(services as never) : services;
      return;
    }
    case 'employees': {
      if (!Array.isArray(data)) return;
      let employees = data as Json[];
      for (const employee of employees) employee._id = ids.out(String(employee._id));
      if (switches.listOrder === 'reversed') employees = employees.reverse();
      body.data = nonsense ? nonsense.employees(employees as never) : employees;
      return;
    }
    case 'available-days':
      if (nonsense && ctx.asked.year !== undefined && ctx.asked.month !== undefined) {
        body.data = nonsense.availableDays({ year: ctx.asked.year, month: ctx.asked.month });
      }
      return;
    case 'availability': {
      if (!isObject(data) || !Array.isArray(data.timeSlots)) return;
      let slots = data.timeSlots as Json[];
      for (const slot of slots) {
        if (
          slot.available !== true &&
          switches.unavailableEmployeeFields === 'include' &&
          ctx.someEmployee
        ) {
          slot.employeeId = ctx.someEmployee.id;
          slot.employeeName = ctx.someEmployee.name;
        }
        if (typeof slot.employeeId === 'string') slot.employeeId = ids.out(slot.employeeId);
      }
      if (switches.unavailableSlots === 'drop') slots = slots.filter((s) => s.available === true);
      if (switches.listOrder === 'reversed') slots = slots.reverse();
      data.timeSlots = slots;
      if (nonsense) body.data = nonsense.timeSlots();
      return;
    }
    case 'book': {
      if (!isObject(data)) return;
      data.bookingId = ids.out(String(data.bookingId));
      if (switches.ids !== 'reference') {
        data.appointmentNumber = otherNumber('appointment', String(data.appointmentNumber));
        const customer = data.customer as Json;
        customer.customerNumber = otherNumber('customer', String(customer.customerNumber));
      }
      const service = data.service as Json;
      if (switches.bookingDurationUnit === 'hours')
        service.duration = Number(service.duration) / 60;
      if (nonsense) body.data = nonsense.booking(data as never);
      return;
    }
    case 'other':
      return;
  }
}

/** The reference's wording tells a taken slot (409 "Slot taken") and an unknown id (404 "Not found"). */
function rewriteErrorStatus(status: number, body: Json, switches: VariantSwitches): number {
  if (status === 409 && body.message === 'Slot taken') return switches.takenStatus;
  const error = typeof body.error === 'string' ? body.error : '';
  if (status === 404 && /^(serviceId|employeeId): no bookable/.test(error))
    return switches.unknownIdStatus;
  return status;
}

function rewriteErrorBody(
  status: number,
  body: Json,
  headers: Answer['headers'],
  switches: VariantSwitches,
): void {
  switch (switches.errorBody) {
    case 'reference':
      break;
    case 'no-error':
      delete body.error;
      break;
    case 'other-messages':
      body.message = `Fehler ${status}`;
      if ('error' in body) body.error = 'Die Anfrage konnte nicht bearbeitet werden.';
      break;
  }
  if (status !== 429 || typeof body.retryAfter !== 'number') return;
  switch (switches.retryAfter) {
    case 'seconds':
      break;
    case 'milliseconds':
      body.retryAfter *= 1000;
      delete headers['retry-after'];
      break;
    case 'missing':
      delete body.retryAfter;
      delete headers['retry-after'];
      break;
    case 'header-only':
      delete body.retryAfter;
      break;
  }
}

function rewriteRateLimitHeaders(headers: Answer['headers'], ctx: RewriteContext): void {
  if (headers['x-ratelimit-limit'] === undefined) return;
  switch (ctx.switches.rateLimitHeaders) {
    case 'reference':
      break;
    case 'none':
      delete headers['x-ratelimit-limit'];
      delete headers['x-ratelimit-remaining'];
      delete headers['x-ratelimit-reset'];
      return;
    case 'reset-seconds':
      headers['x-ratelimit-reset'] = String(
        Math.max(0, Number(headers['x-ratelimit-reset']) - Math.floor(ctx.nowMs / 1000)),
      );
      break;
  }
  if (ctx.nonsense) {
    const absurd = ctx.nonsense.rateLimitHeaders();
    headers['x-ratelimit-limit'] = absurd.limit;
    headers['x-ratelimit-remaining'] = absurd.remaining;
    headers['x-ratelimit-reset'] = absurd.reset;
  }
}
