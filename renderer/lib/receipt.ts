/**
 * What a receipt and the calendar QR code show, for a booking the API confirmed (its
 * appointment number) or one still queued (only its reference; times from the customer's choice).
 */
import { durationMinutes } from '../../shared/api/duration';
import type { Service } from '../../shared/api/schemas';
import type { CreateBookingResult } from '../../shared/kiosk-api';
import type { FlowDraft } from '../flow/flow-machine';
import { addMinutes } from './dates';

export interface ReceiptData {
  reference: string;
  /** Null while the booking waits to be sent. */
  appointmentNumber: string | null;
  serviceTitle: string;
  employeeName: string | null;
  date: string;
  time: string;
  endTime: string;
  durationMinutes: number | null;
  customerName: string;
}

export function receiptData(
  outcome: CreateBookingResult,
  draft: FlowDraft,
  service: Service | null,
): ReceiptData | null {
  const { booking } = outcome;
  if (booking) {
    return {
      reference: outcome.reference,
      appointmentNumber: booking.appointmentNumber,
      serviceTitle: booking.service.title,
      employeeName: booking.employee.name,
      date: booking.appointment.date,
      time: booking.appointment.time,
      endTime: booking.appointment.endTime,
      durationMinutes: service ? durationMinutes(service) : booking.service.duration,
      customerName: booking.customer.name,
    };
  }
  if (!draft.date || !draft.slot || !service) return null;
  const minutes = durationMinutes(service);
  return {
    reference: outcome.reference,
    appointmentNumber: null,
    serviceTitle: service.title,
    employeeName: draft.slot.employeeName,
    date: draft.date,
    time: draft.slot.time,
    endTime: addMinutes(draft.slot.time, minutes),
    durationMinutes: minutes,
    customerName: draft.customer.name.trim(),
  };
}
