/**
 * Issue 19 with a mail transport (a local SMTP server on 127.0.0.1): a customer books while the
 * API fails, is told the booking is queued and that they will be e-mailed if it cannot be kept;
 * the slot goes to someone else meanwhile, the replay is refused, and exactly one e-mail reaches
 * the customer, in the language they booked in, with the shop's phone number. (The same across
 * kill -9 of the kiosk: refusal-mail-kill.spec.ts, with the kiosk in a child process.)
 */
import { startSmtpSink, type SmtpSink } from '../support/server/smtp-sink';
import {
  CUSTOMER,
  chooseSlot,
  fillDetails,
  firstFreeSlot,
  start,
  takeSlotOnServer,
} from './support/flow';
import { decodeMail } from './support/mail-text';
import { onScreen } from './support/screens';
import { expect, openKiosk, setUpKiosk, test as base } from './support/stack';

const SHOP = { name: 'Salon Lindenhof', phone: '+49 30 1234 5678' };

const test = base.extend<{ sink: SmtpSink }>({
  sink: async ({}, use) => {
    const sink = await startSmtpSink();
    await use(sink);
    await sink.close();
  },
  kioskOptions: async ({ sink }, use) => {
    await use({
      shop: SHOP,
      mail: { smtpUrl: sink.url, from: `${SHOP.name} <termine@salon.example>` },
    });
  },
});

test('a queued booking refused on replay: the customer gets exactly one e-mail in their language', async ({
  page,
  kiosk,
  stack,
  sink,
}) => {
  await setUpKiosk(kiosk);
  const choice = await firstFreeSlot(kiosk);
  await openKiosk(page, kiosk);
  stack.proxy.setMode('500'); // the API fails cleanly: the booking is queued
  await start(page);
  await chooseSlot(page, choice);
  await fillDetails(page);
  await page.getByRole('button', { name: /Continue/ }).click();
  await page.getByRole('button', { name: 'Book now' }).click();
  await onScreen(page, 'queued');
  await expect(page.getByText('If it cannot be kept, we will e-mail you.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();

  const [queued] = (await kiosk.call('listBookings')) as {
    localId: string;
    request: { employeeId: string };
  }[];
  await takeSlotOnServer(stack, choice, queued?.request.employeeId, 'other.mail@example.com');
  stack.proxy.setMode('pass');

  await expect.poll(() => sink.received.length, { timeout: 20_000 }).toBe(1);
  const [mail] = sink.received;
  expect(mail?.to).toEqual([CUSTOMER.email]);
  const text = decodeMail(mail?.raw ?? '');
  expect(text).toContain(`Hello ${CUSTOMER.name},`); // English: the language it was booked in
  expect(text).toContain('unfortunately your booking');
  expect(text).toContain(SHOP.phone);
  expect(text).not.toContain('leider'); // not the shop's German
  await expect
    .poll(async () =>
      ((await kiosk.call('listBookings')) as { followUp?: { mail: string } }[]).map(
        (b) => b.followUp?.mail,
      ),
    )
    .toEqual(['sent']);
  // A retry that is refused again, and time for the sender to look again: still one e-mail.
  await kiosk.call('retryBooking', { localId: queued?.localId });
  await expect
    .poll(async () => ((await kiosk.call('listBookings')) as { state: string }[])[0]?.state, {
      timeout: 15_000,
    })
    .toBe('rejected');
  await page.waitForTimeout(1_500);
  expect(sink.received).toHaveLength(1);
});
