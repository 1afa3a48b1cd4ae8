/**
 * Confirmation e-mail. `send` resolves only when the transport accepted the message and rejects
 * otherwise; the booking route catches that, so a failing transport never fails a booking.
 */
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export const DEFAULT_MAIL_FROM = 'Salon Lindenhof <termine@salon-lindenhof.example>';

/** A nodemailer SMTP transport from a URL such as `smtp://user:pass@host:587`. */
export function createSmtpMailer(url: string, from: string = DEFAULT_MAIL_FROM): Mailer {
  // Short time-outs: the booking response waits for the transport's answer.
  const transport = nodemailer.createTransport({ url, connectionTimeout: 3000, greetingTimeout: 3000, socketTimeout: 5000 });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      const to = message.to.toLowerCase();
      if (!info.accepted.some((a) => a.toLowerCase() === to)) throw new Error('the transport did not accept the recipient');
    },
    close() {
      transport.close();
    },
  };
}
