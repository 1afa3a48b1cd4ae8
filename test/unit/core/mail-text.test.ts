import { describe, expect, it } from 'vitest';
import { refusalMail, type RefusalMailInput } from '../../../electron/core/notify/mail-text';
import { Language } from '../../../shared/settings';

const input: RefusalMailInput = {
  language: 'en',
  customerName: 'Eva Muster',
  shopName: 'Salon Eva',
  shopPhone: '+49 30 1234567',
  date: '2026-11-24',
  time: '09:30',
  serviceName: 'Haircut',
  reference: 'K7Q2-9M4D',
  nextTimes: [],
};

describe('the refusal e-mail', () => {
  it('greets the customer, names what was refused, gives the shop phone and signs with the shop', () => {
    expect(refusalMail(input)).toEqual({
      subject: 'Salon Eva: your booking could not be kept',
      body: [
        'Hello Eva Muster,',
        '',
        'unfortunately your booking (Haircut, Tuesday, 24 November 2026 09:30) could not be kept.',
        'Your reference: K7Q2-9M4D',
        'Please call us at +49 30 1234567 and we will find another time for you.',
        '',
        'Kind regards, Salon Eva',
        '',
      ].join('\n'),
    });
  });

  it('lists the next free times when the slot was taken', () => {
    const { body } = refusalMail({
      ...input,
      nextTimes: [
        { date: '2026-11-24', time: '10:00' },
        { date: '2026-11-25', time: '09:00' },
      ],
    });
    expect(body).toContain(
      '\n\nThe next free times for this service:\n- Tuesday, 24 November 2026 10:00\n- Wednesday, 25 November 2026 09:00\n\nKind regards',
    );
  });

  it('without a shop name, phone or service it still reads as a letter', () => {
    const { subject, body } = refusalMail({
      ...input,
      shopName: null,
      shopPhone: null,
      serviceName: null,
    });
    expect(subject).toBe('the shop: your booking could not be kept');
    expect(body).toContain('your booking (Tuesday, 24 November 2026 09:30) could not be kept.');
    expect(body).toContain('Please get in touch with the shop');
    expect(body).not.toContain('call us at');
  });

  it.each(Language.options)('%s: every line in its own words, none left in English', (language) => {
    const withPhone = refusalMail({
      ...input,
      language,
      nextTimes: [{ date: '2026-11-25', time: '09:00' }],
    });
    const noPhone = refusalMail({ ...input, language, shopName: null, shopPhone: null });
    for (const mail of [withPhone, noPhone]) {
      expect(mail.body).toContain('Eva Muster');
      expect(mail.body).toMatch(/2026.* 09:30/);
      expect(mail.body).toContain('K7Q2-9M4D');
    }
    expect(withPhone.body).toContain('+49 30 1234567');
    expect(withPhone.body).toMatch(/^- .*2026.* 09:00$/m);
    expect(withPhone.subject.startsWith('Salon Eva: ')).toBe(true);
    if (language === 'en') return;
    const english = refusalMail({
      ...input,
      nextTimes: [{ date: '2026-11-25', time: '09:00' }],
    }).body.split('\n');
    const englishNoPhone = refusalMail({ ...input, shopName: null, shopPhone: null });
    const lines = withPhone.body.split('\n');
    lines.forEach((line, i) => {
      if (line !== '' && !line.startsWith('- ')) expect(line).not.toBe(english[i]);
    });
    expect(noPhone.subject).not.toBe(englishNoPhone.subject);
    expect(noPhone.body).not.toContain('Please get in touch');
  });

  it("writes dates out in the customer's language, never ISO, with Latin digits in Arabic (issue 28)", () => {
    const de = refusalMail({ ...input, language: 'de' }).body;
    expect(de).toContain('Dienstag, 24. November 2026 09:30');
    expect(de).toContain('Ihre Referenz: K7Q2-9M4D');
    // The screen's locale (en-GB: day before month), where `en` alone would write US order.
    expect(refusalMail({ ...input, language: 'en' }).body).toContain('Tuesday, 24 November 2026');
    const ar = refusalMail({ ...input, language: 'ar' }).body;
    expect(ar).toContain('2026');
    expect(ar).not.toMatch(/[\u0660-\u0669]/);
    expect(ar).toContain('K7Q2-9M4D');
    for (const language of Language.options)
      expect(refusalMail({ ...input, language }).body).not.toContain('2026-11-24');
  });
});
