/** sendWithinBudget: the whole send of a confirmation mail is bounded, whatever the mailer does. */
import { describe, expect, it } from 'vitest';
import { sendWithinBudget } from '../../../server/mail/mailer';
import type { MailMessage, Mailer } from '../../../server/mail/mailer';

const MESSAGE: MailMessage = { to: 'mia@example.com', subject: 'Termin', text: 'Hallo' };

function mailer(send: Mailer['send']): Mailer {
  return { send, close: () => undefined };
}

describe('sendWithinBudget', () => {
  it('resolves when the mailer accepts in time, and passes it a signal that is not aborted', async () => {
    let seen: AbortSignal | undefined;
    await sendWithinBudget(
      mailer((_message, signal) => {
        seen = signal;
        return Promise.resolve();
      }),
      MESSAGE,
      1000,
    );
    expect(seen?.aborted).toBe(false);
  });

  it("rejects with the mailer's own error when it fails in time", async () => {
    const failing = mailer(() =>
      Promise.reject(Object.assign(new Error('mailbox unavailable'), { code: 'EENVELOPE' })),
    );
    await expect(sendWithinBudget(failing, MESSAGE, 1000)).rejects.toMatchObject({
      code: 'EENVELOPE',
    });
  });

  it('gives up on a mailer that never answers (and ignores the signal) once the budget ran out', async () => {
    let seen: AbortSignal | undefined;
    const hanging = mailer((_message, signal) => {
      seen = signal;
      return new Promise<void>(() => undefined);
    });
    const started = performance.now();
    await expect(sendWithinBudget(hanging, MESSAGE, 40)).rejects.toMatchObject({ code: 'EBUDGET' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
    expect(seen?.aborted).toBe(true);
  });

  it('a mailer that stops on the signal rejects once, with no unhandled rejection left behind', async () => {
    const obedient = mailer(
      (_message, signal) =>
        new Promise<void>((_resolve, reject) => {
          signal?.addEventListener('abort', () =>
            reject(Object.assign(new Error('aborted'), { code: 'EABORT' })),
          );
        }),
    );
    await expect(sendWithinBudget(obedient, MESSAGE, 20)).rejects.toHaveProperty('code');
  });
});
