/**
 * Reads mail the server wrote as .eml files (SMTP_URL unset): the newest message for an address
 * and the 6-digit code in it. Used by the server suites and the browser end-to-end journeys.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The code line of a code mail, in either language (a mail is written in its recipient's only). */
const CODE_LINE = /(?:Your LegalConnect verification code is|আপনার LegalConnect যাচাইকরণ কোড হলো) (\d{6})/;

/** The file-name form of an address (mirrors server/mail/mailer.ts). */
function fileAddress(address: string): string {
  return address.toLowerCase().replace(/[^a-z0-9@._+-]/g, '_');
}

/** Every .eml file for `email`, oldest first. */
export async function mailFiles(mailDir: string, email: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(mailDir);
  } catch {
    return [];
  }
  const suffix = `-${fileAddress(email)}.eml`;
  return names
    .filter((name) => name.endsWith(suffix))
    .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]))
    .map((name) => path.join(mailDir, name));
}

/** The newest message for `email`, with quoted-printable decoded, or null when there is none. */
export async function latestMail(mailDir: string, email: string): Promise<string | null> {
  const files = await mailFiles(mailDir, email);
  const newest = files.at(-1);
  return newest ? decodeQuotedPrintable(await readFile(newest, 'utf8')) : null;
}

/** The code in the newest message for `email`, or null. */
export async function latestVerificationCode(mailDir: string, email: string): Promise<string | null> {
  const mail = await latestMail(mailDir, email);
  return mail ? (CODE_LINE.exec(mail)?.[1] ?? null) : null;
}

/**
 * Waits until a message for `email` with a code arrives. With `newerThan` (a count of messages
 * already seen, from `mailFiles(...).length`), only a message sent after those counts.
 */
export async function waitForVerificationCode(
  mailDir: string,
  email: string,
  options: { timeoutMs?: number; newerThan?: number } = {},
): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const files = await mailFiles(mailDir, email);
    if (files.length > (options.newerThan ?? 0)) {
      const code = await latestVerificationCode(mailDir, email);
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`No verification code mailed to ${email} in ${mailDir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
