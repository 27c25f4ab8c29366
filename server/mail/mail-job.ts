/**
 * Mail sent by a durable job (`mail.send`): the message is stored with the transaction that caused
 * it, so it goes out once that commits — after a restart, too — and an SMTP server that is down or
 * slow is retried with backoff instead of failing (or holding up) the request. Codes (verification,
 * reset) have their own job, `auth.send-code` (server/modules/auth/service.ts), which makes the code
 * and mails it with a few quick retries.
 */
import { z } from 'zod';
import type { JobQueue } from '../jobs/queue';
import type { Mailer, MailMessage } from './mailer';

declare module '../jobs/queue' {
  interface JobPayloads {
    'mail.send': MailMessage;
  }
}

export const MAIL_JOB = 'mail.send';

const MailMessageSchema = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
});

/** Ten attempts: the waits double from 10 s, so a mail server may be away for about an hour and a half. */
const MAIL_MAX_ATTEMPTS = 10;

export function registerMailJob(jobs: JobQueue, mailer: Mailer): void {
  jobs.register(MAIL_JOB, {
    schema: MailMessageSchema,
    maxAttempts: MAIL_MAX_ATTEMPTS,
    handle: (message) => mailer.send(message),
  });
}
