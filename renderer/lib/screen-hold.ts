/**
 * What a screen holds while its customer books (issue 28): the chosen time, or every service of
 * a chosen visit, with the person each is with. The core keeps it from the other screens.
 */
import type { HoldSlotInput } from '../../shared/kiosk-holds';
import type { VisitPartOffer } from '../../shared/kiosk-visit';
import type { ChosenSlot } from '../flow/flow-machine';

export function holdPartsOf(choice: {
  serviceId: string | null;
  date: string | null;
  slot: ChosenSlot | null;
  visit: VisitPartOffer[] | null;
}): HoldSlotInput['parts'] | null {
  const { serviceId, date, slot, visit } = choice;
  if (!serviceId || !date || !slot) return null;
  if (visit && visit.length > 0)
    return visit.map((part) => ({
      serviceId: part.serviceId,
      employeeId: part.employeeId,
      date,
      time: part.time,
    }));
  return [{ serviceId, employeeId: slot.employeeId, date, time: slot.time }];
}
