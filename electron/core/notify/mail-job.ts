/**
 * The customer e-mail as a job of the queue (electron/core/jobs; follow-ups.ts enqueues it with
 * the refusal): sent at most once.
 * 1. The queue commits its claim before the SMTP conversation starts.
 * 2. After the server accepted the mail the job is done.
 * 3. A run of a mail whose earlier run never settled (kill -9 while sending: the queue says
 *    `interrupted`) sends nothing: the server may have it, so it fails `uncertain` (staff call).
 * So kill -9 can cost an e-mail (staff see it), never send one twice. A server that refuses
 * the mail (an SMTP reply code), or was never reached, did not take it: tried again after the
 * queue's backoff (a minute, then twice as long each time), for MAIL_BUDGET_MS (five tries).
 * The recipient is never logged.
 */
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Logger } from '../platform';
import type { MailTransportConfig } from '../config';
import { done, failed, retry, type JobRecord, type JobType } from '../jobs';
import type { FollowUp } from '../../../shared/kiosk-data';

/** The job type's name, stored with each mail: never renamed (drizzle/kiosk/0006_jobs.sql). */
export const MAIL_JOB = 'mail';
/** Why a mail is never sent again although the server may have it. */
const UNCERTAIN = 'uncertain';

export const MailData = z.object({
  localId: z.string(),
  messageId: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
});
export type MailData = z.infer<typeof MailData>;

/** What staff see of a mail (FollowUp.mail), from its job; `none`: no mail was written. */
export function mailStateOf(
  job: Pick<JobRecord, 'state' | 'reason'> | undefined,
): FollowUp['mail'] {
  if (!job) return 'none';
  switch (job.state) {
    case 'queued':
      return 'pending';
    case 'running':
      return 'claimed';
    case 'done':
      return 'sent';
    case 'failed':
      return job.reason === UNCERTAIN ? 'uncertain' : 'failed';
    default:
      // A damaged row: nobody knows whether it went.
      return 'uncertain';
  }
}

/** The sender's domain, for Message-IDs (`Salon <a@b.example>` -> `b.example`). */
export function mailDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'frontdesk.invalid';
}

/**
 * The first try, then 1, 2, 4 and 8 minutes later (up to a fifth less: the jitter), within
 * 20 minutes: five tries, whatever the jitter (the sixth would come 12.8 minutes or more after
 * the fifth, past the budget).
 */
const MAIL_BACKOFF = { baseMs: 60_000, capMs: 16 * 60_000 };
const MAIL_BUDGET_MS = 20 * 60_000;

export function createMailJob(options: {
  config: MailTransportConfig;
  log: Logger;
}): JobType<MailData> {
  const { config, log } = options;
  const url = new URL(config.smtpUrl);
  if (config.password !== undefined) url.password = encodeURIComponent(config.password);
  const transport = nodemailer.createTransport({
    url: url.toString(),
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  return {
    name: MAIL_JOB,
    schema: MailData,
    backoff: MAIL_BACKOFF,
    budgetMs: MAIL_BUDGET_MS,
    async run(mail, { interrupted, lastAttempt }) {
      if (interrupted > 0) {
        log.warn('customer e-mail interrupted while sending: not sent again', {
          localId: mail.localId,
        });
        return failed(UNCERTAIN);
      }
      try {
        const info = await transport.sendMail({
          from: config.from,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.body,
          messageId: mail.messageId,
        });
        const accepted = info.accepted.length > 0;
        log.info('customer e-mail sent', { localId: mail.localId, accepted });
        return accepted ? done() : failed('not accepted');
      } catch (error) {
        // A reply code: the server said no, so it does not have the mail; nor does a server
        // never reached (nodemailer: a socket error of `connect`, or no DNS answer). Anything
        // else may have delivered it, ECONNECTION included (a connection closed mid-way, maybe
        // after the data): never again.
        const code = (error as { responseCode?: unknown }).responseCode;
        const refused = typeof code === 'number';
        const connectFailed =
          (error as { syscall?: unknown }).syscall === 'connect' ||
          (error as { code?: unknown }).code === 'EDNS';
        const again = refused || connectFailed;
        log.warn('customer e-mail not sent', {
          localId: mail.localId,
          state: again ? (lastAttempt ? 'failed' : 'pending') : UNCERTAIN,
          responseCode: refused ? code : null,
          errorCode: (error as { code?: unknown }).code ?? null,
        });
        return again ? retry() : failed(UNCERTAIN);
      }
    },
    // Closing the transport ends a send under way (as it always did).
    close: () => transport.close(),
  };
}
