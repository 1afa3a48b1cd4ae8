/** A booking as the staff list holds it: Eva's 11:00 cut with Ben, sent, unless `extra` says otherwise. */
import type { LocalBooking } from '../../../shared/kiosk-api';

export function localBooking(
  localId: string,
  extra: Partial<LocalBooking> = {},
  customer: Partial<LocalBooking['request']['customer']> = {},
): LocalBooking {
  return {
    localId,
    reference: localId.toUpperCase(),
    state: 'sent',
    request: {
      serviceId: 'svc-cut',
      employeeId: 'emp-ben',
      date: '2026-11-24',
      time: '11:00',
      customer: { name: 'Eva Muster', email: 'eva@example.com', phone: '030 1234', ...customer },
    },
    booking: null,
    lastError: null,
    attempts: 1,
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    erased: false,
    ...extra,
  };
}

/** The API refused it on replay (its slot was taken) and staff have yet to act on it. */
export const refusedBooking = (
  localId: string,
  followUp: NonNullable<LocalBooking['followUp']>,
): LocalBooking =>
  localBooking(localId, {
    state: 'rejected',
    lastError: { status: 409, message: 'slot taken' },
    attempts: 2,
    followUp,
  });
