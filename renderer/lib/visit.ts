/**
 * Several services in one visit (issue 19), for the walk-in screens: the visit's start times as
 * a time grid, and what the confirmation and the receipts show of each service.
 */
import type { Service, TimeSlot } from '../../shared/api/schemas';
import type {
  CreateBookingResult,
  KioskClient,
  TimeSlotsResult,
  VisitOffer,
  VisitPartOffer,
  VisitPartResult,
} from '../../shared/kiosk-api';
import type { Result } from '../../shared/result';
import type { ChosenSlot, FlowDraft } from '../flow/flow-machine';
import { receiptData, type ReceiptData } from './receipt';

export type VisitSlots = TimeSlotsResult & { offers: VisitOffer[] };

/** The start times where the whole visit fits, as a time grid (the first service's person). */
export async function visitSlots(
  client: KioskClient,
  query: { date: string; serviceIds: string[]; employeeId?: string; fresh?: boolean },
): Promise<Result<VisitSlots>> {
  const answer = await client.getVisitTimes(query);
  if (!answer.ok) return answer;
  const { offers, date, source, asOf } = answer.result;
  const timeSlots = offers.map((offer): TimeSlot => ({
    time: offer.time,
    available: true,
    employeeId: offer.parts[0]?.employeeId,
    ...(offer.parts[0]?.employeeName ? { employeeName: offer.parts[0].employeeName } : {}),
  }));
  return { ok: true, result: { date, timeSlots, source, asOf, offers } };
}

/**
 * The services of the visit being chosen, by title, in order ("Cut + Colour"): what the day and
 * details screens name (issue 38), the first service alone for a single booking; undefined
 * before a service is chosen.
 */
export function visitTitle(
  draft: Pick<FlowDraft, 'serviceId' | 'then'>,
  services: readonly Service[],
): string | undefined {
  const titles = [draft.serviceId, ...draft.then].flatMap((id) => {
    const found = services.find((service) => service._id === id);
    return found ? [found.title] : [];
  });
  return titles.length > 0 ? titles.join(' + ') : undefined;
}

/** The draft as one of the visit's services: its own service, time and person. */
function draftOf(draft: FlowDraft, index: number): FlowDraft {
  const part = draft.visit?.[index];
  if (!part) return draft;
  return {
    ...draft,
    serviceId: part.serviceId,
    slot: { time: part.time, employeeId: part.employeeId, employeeName: part.employeeName },
  };
}

export interface VisitLine {
  part: VisitPartResult;
  service: Service | null;
  receipt: ReceiptData | null;
}

/** Each service of a booked visit with what became of it and, when booked, its receipt. */
export function visitLines(
  parts: readonly VisitPartResult[],
  draft: FlowDraft,
  services: readonly Service[],
): VisitLine[] {
  return parts.map((part, index) => {
    const service = services.find((s) => s._id === part.serviceId) ?? null;
    const result: CreateBookingResult | null = part.outcome === 'booked' ? part.result : null;
    return {
      part,
      service,
      receipt: result ? receiptData(result, draftOf(draft, index), service) : null,
    };
  });
}

export type VisitCheck =
  | { kind: 'gone'; source: 'live' | 'cache' }
  | { kind: 'same'; source: 'live' | 'cache' }
  | { kind: 'refreshed'; source: 'live' | 'cache'; slot: ChosenSlot; visit: VisitPartOffer[] }
  | { kind: 'unchecked'; source: 'cache' };

/** The review's fresh look at a chosen visit: still there, with other people, or gone. */
export async function checkVisit(client: KioskClient, draft: FlowDraft): Promise<VisitCheck> {
  const { date, slot, visit, employeeId } = draft;
  if (!date || !slot || !visit) return { kind: 'unchecked', source: 'cache' };
  const answer = await client.getVisitTimes({
    date,
    serviceIds: visit.map((part) => part.serviceId),
    ...(employeeId ? { employeeId } : {}),
    fresh: true,
  });
  // Cannot check: the booking call decides.
  if (!answer.ok) return { kind: 'unchecked', source: 'cache' };
  const { source } = answer.result;
  const offer = answer.result.offers.find((o) => o.time === slot.time);
  if (!offer) return { kind: 'gone', source };
  const same = offer.parts.every((part, i) => part.employeeId === visit[i]?.employeeId);
  if (same) return { kind: 'same', source };
  const [first] = offer.parts;
  return {
    kind: 'refreshed',
    source,
    slot: {
      time: slot.time,
      employeeId: first?.employeeId ?? slot.employeeId,
      employeeName: first?.employeeName ?? null,
    },
    visit: offer.parts,
  };
}
