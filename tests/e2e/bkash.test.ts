/**
 * Paying a meeting with bKash (issue 24) in Debian's Chromium, in the Bangla interface, against the
 * built app with demo data and no bKash credentials, so the sandbox's bKash wallet serves the
 * checkout on the same hold/capture ledger as the sandbox card.
 *
 * A lawyer schedules a short meeting with a client starting in about a minute (its call window,
 * open from 10 minutes before the start, is open at once). The client, who reads the app in Bangla,
 * is offered bKash first; on the wallet's steps a wallet with too little balance (01700000002) and
 * one whose PIN is wrong three times (01700000003, locked at the third) are refused with their
 * reasons in Bangla; the approving wallet (01700000001, code 123456, PIN 12121) holds the amount.
 * The client joins the call window, releases the payment once the meeting has started, and the
 * lawyer sees it paid: released, by bKash, with the capture's transaction id.
 *
 * With E2E_SHOTS_DIR set, the pay step and each wallet step are saved there as phone screenshots.
 * One server and one browser for the file.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_PATH, CHROMIUM_ARGS, newPhoneContext, openHeaderMenu, signIn, waitForPath } from '../helpers/browser';
import { startServer, type E2EServer } from '../helpers/e2e-server';

const PASSWORD = 'Demo@2026';
const CLIENT = 'client3@legalconnect.test';
const LAWYER = 'lawyer2@legalconnect.test';
const TITLE = 'Land registry consultation';
const MINUTE = 60_000;
/** Bangladesh time: UTC+6 all year. */
const DHAKA_OFFSET_MS = 6 * 60 * MINUTE;

const BN = {
  wallet: 'আপনার বিকাশ অ্যাকাউন্ট নম্বর',
  otp: 'যাচাই কোড',
  pin: 'বিকাশ পিন',
  confirm: 'নিশ্চিত করুন',
  otherWallet: 'অন্য বিকাশ নম্বর ব্যবহার করুন',
};

let server: E2EServer;
let browser: Browser;
let client: Page;
let lawyer: Page;
let startsAt = 0;

const url = (path: string) => new URL(path, server.baseURL).href;

function dhakaLocal(ms: number): string {
  return new Date(ms + DHAKA_OFFSET_MS).toISOString().slice(0, 16);
}

/** A phone screenshot for a person to look at, when E2E_SHOTS_DIR names a folder (never in the repo). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** The wallet's steps up to the PIN, for one number. */
async function walletUpToPin(page: Page, wallet: string): Promise<void> {
  await page.getByLabel(BN.wallet).fill(wallet);
  await page.getByRole('button', { name: BN.confirm }).click();
  await page.getByLabel(BN.otp).fill('123456');
  await page.getByRole('button', { name: BN.confirm }).click();
  await page.getByLabel(BN.pin).waitFor();
}

async function enterPin(page: Page): Promise<void> {
  await page.getByLabel(BN.pin).fill('12121');
  await page.getByRole('button', { name: BN.confirm }).click();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ demoData: true }),
    chromium.launch({
      executablePath: CHROME_PATH,
      // The call window asks for the camera and microphone: fake ones, granted without a prompt.
      args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    }),
  ]);
  const [clientContext, lawyerContext] = await Promise.all([
    newPhoneContext(browser, { permissions: ['camera', 'microphone'] }),
    newPhoneContext(browser),
  ]);
  [client, lawyer] = await Promise.all([clientContext.newPage(), lawyerContext.newPage()]);
  await Promise.all([
    signIn(client, server.baseURL, CLIENT, PASSWORD, '/dashboard/user'),
    signIn(lawyer, server.baseURL, LAWYER, PASSWORD, '/dashboard/lawyer'),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('paying a meeting with bKash, in Bangla', () => {
  it('the lawyer schedules a meeting starting in about a minute', async () => {
    startsAt = Math.ceil((Date.now() + 20_000) / MINUTE) * MINUTE;
    await lawyer.goto(url('/meetings'));
    await lawyer.getByLabel('Client’s email').fill(CLIENT);
    await lawyer.getByLabel('Title', { exact: true }).fill(TITLE);
    await lawyer.getByLabel('Starts').fill(dhakaLocal(startsAt));
    await lawyer.getByLabel('Ends').fill(dhakaLocal(startsAt + 5 * MINUTE));
    await lawyer.getByText(/^Price: /).waitFor();
    await lawyer.getByRole('button', { name: 'Schedule meeting', exact: true }).click();
    await lawyer.getByText('Meeting scheduled. Your client has been told and can pay now.').waitFor();
  });

  it('the client switches to Bangla and is offered bKash first, for the same amount as the card', async () => {
    await openHeaderMenu(client);
    await client.getByRole('button', { name: 'বাংলায় দেখুন' }).click();
    await client.waitForFunction(() => document.documentElement.lang === 'bn');
    await client.keyboard.press('Escape');

    await client.goto(url('/my-meetings'));
    await client.getByRole('heading', { level: 1, name: 'আমার মিটিং' }).waitFor();
    await client.getByRole('button', { name: new RegExp(`পরিশোধ করুন: ${TITLE}$`) }).click();
    const step = client.getByRole('region', { name: 'কীভাবে পরিশোধ করবেন?' });
    await step.waitFor();
    const methods = await step.getByRole('listitem').getByRole('button').allInnerTexts();
    expect(methods).toHaveLength(2);
    expect(methods[0]).toMatch(/^বিকাশে (৳[০-৯,.]+) পরিশোধ করুন$/);
    expect(methods[1]).toMatch(/^কার্ডে (৳[০-৯,.]+) পরিশোধ করুন$/);
    expect(methods[0]?.split(' ')[1]).toBe(methods[1]?.split(' ')[1]);
    await step.getByText(/টাকা কাটা হয় না, জমা রাখা হয়/).waitFor();
    await shot(client, '1-pay-step');

    await step.getByRole('button', { name: /^বিকাশে/ }).click();
    await client.waitForURL((address) => address.pathname.startsWith('/pay/checkout/'));
    await client.getByRole('heading', { level: 2, name: 'বিকাশে পরিশোধ' }).waitFor();
    await client
      .getByText('স্যান্ডবক্স — কোনো আসল টাকা লেনদেন হয় না। নিচের পরীক্ষামূলক ওয়ালেটগুলোর একটি ব্যবহার করুন।')
      .waitFor();
    await shot(client, '2-wallet-number');
  });

  it('a number that is not a bKash number is caught before the code, in Bangla', async () => {
    await client.getByLabel(BN.wallet).fill('0170000');
    await client.getByRole('button', { name: BN.confirm }).click();
    await client.getByText('বিকাশ নম্বর ১১ অঙ্কের এবং ০১ দিয়ে শুরু হয়, যেমন ০১৭১২৩৪৫৬৭৮।').waitFor();
    expect(await client.getByLabel(BN.otp).count()).toBe(0);
    await shot(client, '3-wallet-invalid');
  });

  it('a wallet with too little balance is declined, with the reason in Bangla', async () => {
    await client.getByLabel(BN.wallet).fill('01700000002');
    await client.getByRole('button', { name: BN.confirm }).click();
    await client.getByText('বিকাশ ০১৭•••••০০২ নম্বরে এসএমএসে একটি ৬ অঙ্কের কোড পাঠিয়েছে।').waitFor();
    await shot(client, '4-wallet-code');
    await client.getByLabel(BN.otp).fill('123456');
    await client.getByRole('button', { name: BN.confirm }).click();
    await client.getByLabel(BN.pin).waitFor();
    await shot(client, '5-wallet-pin');
    await enterPin(client);
    await client.getByText('এই পেমেন্টের জন্য আপনার বিকাশ ব্যালেন্স যথেষ্ট নয়').waitFor();
    await shot(client, '6-wallet-declined');
  });

  it('a wallet whose PIN is wrong three times is locked, with the reason in Bangla', async () => {
    await client.getByRole('button', { name: BN.otherWallet }).click();
    await walletUpToPin(client, '01700000003');
    await enterPin(client);
    await client.getByText('বিকাশ পিন ভুল হয়েছে').waitFor();
    await client.getByText(/^আর ২ বার চেষ্টা করতে পারবেন/).waitFor();
    await shot(client, '7-wallet-wrong-pin');
    await enterPin(client);
    await client.getByText(/^আর ১ বার চেষ্টা করতে পারবেন/).waitFor();
    await enterPin(client);
    await client
      .getByText('অনেকবার ভুল পিন দেওয়ায় এই বিকাশ ওয়ালেটটি লক হয়ে গেছে। আনলক করতে বিকাশের ১৬২৪৭ নম্বরে কল করুন।')
      .waitFor();
    await shot(client, '8-wallet-locked');
  });

  it('the approving wallet holds the amount', async () => {
    await client.getByRole('button', { name: BN.otherWallet }).click();
    await walletUpToPin(client, '01700000001');
    await enterPin(client);
    await waitForPath(client, '/payment/success');
    await client.getByRole('heading', { level: 1, name: 'পেমেন্ট পাওয়া গেছে' }).waitFor({ timeout: 30_000 });
    await client.getByText('মিটিংয়ের পরে আপনি ছাড় না দেওয়া পর্যন্ত জমা থাকবে।').waitFor();
    await shot(client, '9-paid');
  });

  it('the client joins the call window', async () => {
    await client.getByRole('link', { name: 'আমার মিটিংয়ে ফিরে যান' }).click();
    await waitForPath(client, '/my-meetings');
    await client.getByText(/পরিশোধিত — মিটিংয়ের পরে আপনি ছাড় না দেওয়া পর্যন্ত জমা থাকবে।/).waitFor();
    await client.getByRole('button', { name: `যোগ দিন: ${TITLE}` }).click();
    const call = client.getByRole('dialog', { name: /ভিডিও কল$/ });
    await call.waitFor();
    await call.getByText(/যোগ দেওয়ার অপেক্ষা চলছে…$/).waitFor({ timeout: 30_000 });
    await call.getByRole('button', { name: 'কল শেষ করুন' }).click();
    await call.waitFor({ state: 'detached' });
  });

  it('once the meeting has started the client releases the payment, and the lawyer sees it paid by bKash', async () => {
    // Release shows once the meeting has started (the page looks at the clock every 30 s).
    const release = client.getByRole('button', { name: `পেমেন্ট ছাড় দিন: ${TITLE}` });
    await release.waitFor({ timeout: Math.max(0, startsAt - Date.now()) + 45_000 });
    await release.click();
    await client.getByRole('button', { name: /^৳[০-৯,.]+ ছাড় দিন$/ }).click();
    await client.getByText('পেমেন্ট আপনার আইনজীবীকে ছাড় দেওয়া হয়েছে।').waitFor();

    await lawyer.goto(url('/dashboard/lawyer'));
    const payments = lawyer.getByRole('region', { name: 'Payments' });
    const row = payments.getByRole('article').filter({ hasText: 'From Rakib Chowdhury' });
    await row.getByText('Released to lawyer', { exact: true }).waitFor();
    await row.getByText('Paid with bKash').waitFor();
    await row.getByText(/^Transaction ID: [A-Z0-9]{10}$/).waitFor();
  }, 120_000);
});
