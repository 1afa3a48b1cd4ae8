/**
 * "Call staff" (issue 31): a customer screen asks for a person; every screen of the shop (the
 * hub's event stream, no staff session needed) shows "Kiosk N needs help" until staff answer.
 */
import { z } from 'zod';

/** The name of the screen that calls, as the hub's pairing or the caller gives it. */
export const ScreenLabel = z.string().trim().min(1).max(60);

export const StaffCall = z.object({
  id: z.uuid(),
  /** The calling screen's name; null: the machine's own screen (shown as "Kiosk"). */
  screen: ScreenLabel.nullable(),
  calledAt: z.number().int().nonnegative(),
});
export type StaffCall = z.infer<typeof StaffCall>;

export const CallStaffInput = z.object({ screen: ScreenLabel.optional() }).strict();
export const AnswerStaffCallInput = z.object({ id: z.uuid() }).strict();
export const StaffCalls = z.array(StaffCall);
