/**
 * Confirmation e-mail. `send` resolves only when the transport accepted the message and rejects
 * otherwise; the booking route catches that, so a failing transport never fails a booking, and
 * bounds the whole send with sendWithinBudget, so a hanging one delays it by the budget at most.
 */
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** `signal` aborts the send (the budget ran out): the transport should stop and reject. */
  send(message: MailMessage, signal?: AbortSignal): Promise<void>;
  close(): void;
}

export const DEFAULT_MAIL_FROM = 'Salon Lindenhof <termine@salon-lindenhof.example>';

/** How long a booking waits for the transport to accept its confirmation, all steps together. */
export const DEFAULT_MAIL_BUDGET_MS = 2500;

/** A nodemailer SMTP transport from a URL such as `smtp://user:pass@host:587`. */
export function createSmtpMailer(url: string, from: string = DEFAULT_MAIL_FROM): Mailer {
  // Per-step time-outs; the booking route's budget (an abort signal) bounds the whole send.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 3000,
    greetingTimeout: 3000,
    socketTimeout: 5000,
  });
  return {
    async send(message, signal) {
      const info = await transport.sendMail({ from, ...message, signal });
      const to = message.to.toLowerCase();
      if (!info.accepted.some((a) => a.toLowerCase() === to))
        throw new Error('the transport did not accept the recipient');
    },
    close() {
      transport.close();
    },
  };
}

/**
 * Resolves when the mailer accepted the message within `budgetMs`; rejects (code 'EBUDGET')
 * when the budget ran out first, after aborting the send, and with the mailer's error when it
 * failed. A mailer that ignores the signal is not waited for beyond the budget.
 */
export async function sendWithinBudget(
  mailer: Mailer,
  message: MailMessage,
  budgetMs: number,
): Promise<void> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = Object.assign(new Error(`not accepted within ${budgetMs} ms`), {
        code: 'EBUDGET',
      });
      reject(error);
      controller.abort(error);
    }, budgetMs);
  });
  try {
    // race() subscribes to both, so a send that fails after the deadline is not an unhandled rejection.
    await Promise.race([mailer.send(message, controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
