/** Mail delivery: .eml files when SMTP_URL is unset, real SMTP (to a local smtp-server peer) when set. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, latestVerificationCode } from '../../tests/helpers/server-mail';
import { createMailer } from './mailer';
import { codeMail, notificationMail } from './templates';

const logger = Fastify({ logger: false }).log;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'legalconnect-mail-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('file mailer', () => {
  it('writes one <timestamp>-<to>.eml per message, in order, with the code line readable', async () => {
    const mailDir = path.join(dir, 'mail');
    const mailer = createMailer({ smtpUrl: null, from: 'LegalConnect <no-reply@example.test>', mailDir, logger });
    await mailer.send(codeMail('Reader@Example.test', '123456', 'VERIFY_EMAIL', 'en'));
    await mailer.send(codeMail('reader@example.test', '654321', 'RESET_PASSWORD', 'bn'));
    mailer.close();
    const files = (await readdir(mailDir)).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{13,}-reader@example\.test\.eml$/);
    expect(await latestVerificationCode(mailDir, 'reader@example.test')).toBe('654321');
  });

  it('drops mail to a .invalid address (a deleted account) without failing', async () => {
    const mailDir = path.join(dir, 'mail-invalid');
    const mailer = createMailer({ smtpUrl: null, from: 'LegalConnect <no-reply@example.test>', mailDir, logger });
    await mailer.send(codeMail('deleted-1@deleted.INVALID', '123456', 'RESET_PASSWORD', 'en'));
    await mailer.send(codeMail('someone@example.test', '654321', 'VERIFY_EMAIL', 'en'));
    mailer.close();
    expect(await readdir(mailDir)).toEqual([expect.stringMatching(/-someone@example\.test\.eml$/)]);
  });
});

describe('SMTP mailer', () => {
  let server: SMTPServer;
  let port = 0;
  const received: string[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers through SMTP_URL', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'LegalConnect <no-reply@example.test>',
      mailDir: path.join(dir, 'unused'),
      logger,
    });
    await mailer.send(codeMail('someone@example.test', '246810', 'VERIFY_EMAIL', 'en'));
    mailer.close();
    expect(received).toHaveLength(1);
    const message = decodeQuotedPrintable(received[0] ?? '');
    expect(message).toContain('To: someone@example.test');
    expect(message).toContain('Your LegalConnect verification code is 246810');
    expect(message).toContain('<html lang="en">');
  });
});

describe('mail in the recipient’s language (issue 20)', () => {
  it('writes a Bangla notification mail in Bangla only: subject, plain text and HTML', () => {
    const mail = notificationMail({
      to: 'reader@example.test',
      language: 'bn',
      subject: { en: 'LegalConnect: Meeting', bn: 'LegalConnect: মিটিং' },
      content: { en: 'Price ৳2,250', bn: 'মূল্য ৳২,২৫০' },
      url: 'https://legalconnect.example/meetings',
    });
    expect(mail.subject).toBe('LegalConnect: মিটিং');
    expect(mail.text).toContain('মূল্য ৳২,২৫০');
    expect(mail.text).not.toContain('Price');
    expect(mail.html).toContain('<html lang="bn">');
    expect(mail.html).toContain('মূল্য ৳২,২৫০');
    expect(mail.html).toContain('href="https://legalconnect.example/meetings"');
    const code = codeMail('reader@example.test', '123456', 'VERIFY_EMAIL', 'bn');
    expect(code.subject).toBe('LegalConnect যাচাইকরণ কোড');
    expect(code.text).not.toMatch(/Your|verification/);
    expect(code.html).toContain('123456');
  });
});
