/**
 * Issue 28: the reference server's confirmation mail was always German. It is written in the
 * booking's language where the request says it (Accept-Language), else in the shop's.
 */
// Every response this file's tests receive is checked against the OpenAPI document.
import '../../support/server/conformance-setup';
import { afterEach, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../../server/mail/mailer';
import type { LanguageCode } from '../../../shared/languages';
import { createTestApp, demoBooking, type TestApp } from '../../support/server/harness';

class RecordingMailer implements Mailer {
  sent: MailMessage[] = [];
  send(message: MailMessage): Promise<void> {
    this.sent.push(message);
    return Promise.resolve();
  }
  close(): void {}
}

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function mailFor(
  headers: Record<string, string>,
  language?: LanguageCode,
  idempotencyKey?: string,
): Promise<MailMessage> {
  const mailer = new RecordingMailer();
  t = await createTestApp({ mailer, language });
  const answer = await t.book(demoBooking(), { headers, idempotencyKey });
  expect(answer.statusCode).toBe(201);
  expect(answer.json<{ data: { emailSent: boolean } }>().data.emailSent).toBe(true);
  expect(mailer.sent).toHaveLength(1);
  return mailer.sent[0]!;
}

describe('the confirmation mail language', () => {
  it.each([
    ['en', 'Your appointment request', 'Hello Erika Mustermann,'],
    ['tr-TR,en;q=0.5', 'Randevu talebiniz', 'Merhaba Erika Mustermann,'],
    ['pl', 'Twoja prośba o wizytę', 'Dzień dobry Erika Mustermann,'],
    ['uk', 'Ваш запит на запис', 'Вітаємо, Erika Mustermann,'],
    ['ar', 'طلب موعدك', 'مرحبًا Erika Mustermann،'],
    ['de', 'Ihre Terminanfrage', 'Hallo Erika Mustermann,'],
  ])('Accept-Language %s: the mail is in that language', async (header, subject, greeting) => {
    const mail = await mailFor({ 'accept-language': header }, 'de');
    expect(mail.subject.startsWith(subject)).toBe(true);
    expect(mail.text.split('\n')[0]).toBe(greeting);
    // The booking's facts are there whatever the language.
    expect(mail.text).toContain('2026-11-24');
    expect(mail.text).toContain('11:00');
  });

  it('a keyed request is answered in its language too', async () => {
    const mail = await mailFor({ 'accept-language': 'en' }, 'de', 'fd-lang-1');
    expect(mail.subject.startsWith('Your appointment request')).toBe(true);
  });

  it("no Accept-Language (or none the mails are written in): the shop's language", async () => {
    expect((await mailFor({}, 'en')).subject.startsWith('Your appointment request')).toBe(true);
    await t?.close();
    expect((await mailFor({ 'accept-language': 'fr' }, 'pl')).text).toContain('Dzień dobry');
    await t?.close();
    // The server's default shop language is German (the demo salon is in Berlin).
    expect((await mailFor({})).subject.startsWith('Ihre Terminanfrage')).toBe(true);
  });
});
