/**
 * Outgoing mail behind one interface: SMTP through nodemailer when SMTP_URL is set, otherwise each
 * message is written as an .eml file to DATA_DIR/mail (and logged), so a developer — and the
 * browser tests — can read codes without any mail server.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  mailDir: string;
  logger: FastifyBaseLogger;
}

export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl ? smtpMailer(options.smtpUrl, options) : fileMailer(options);
  return {
    async send(message) {
      if (undeliverable(message.to)) {
        options.logger.debug({ to: message.to, subject: message.subject }, 'mail to a .invalid address dropped');
        return;
      }
      await transport.send(message);
    },
    close: () => transport.close(),
  };
}

/**
 * No address under the reserved .invalid domain (RFC 6761) can receive mail: a deleted account keeps
 * one (docs/decisions/0012-data-rights.md), so whatever would still write to it — a notification on
 * the other party's shared case, a code someone asks for — is dropped here, not retried for hours.
 */
export function undeliverable(address: string): boolean {
  return /\.invalid$/i.test(address.trim());
}

function smtpMailer(smtpUrl: string, options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message, textEncoding: 'quoted-printable' });
      options.logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

function fileMailer(options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let lastStamp = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message, textEncoding: 'quoted-printable' });
      // Millisecond stamps, forced to increase, so names sort in sending order even within one ms.
      lastStamp = Math.max(Date.now(), lastStamp + 1);
      const file = path.join(options.mailDir, `${lastStamp}-${safeAddress(message.to)}.eml`);
      await mkdir(options.mailDir, { recursive: true });
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.logger.info(
        { to: message.to, subject: message.subject, file },
        'mail written to file (SMTP_URL not set)',
      );
    },
    close: () => transport.close(),
  };
}

/** The address as it appears in the file name: lower-case, nothing that could leave the folder. */
export function safeAddress(address: string): string {
  return address.toLowerCase().replace(/[^a-z0-9@._+-]/g, '_');
}
