/**
 * Video meetings with escrowed payment (issue 8) in Debian's Chromium against the built app with
 * demo data: a lawyer schedules a short meeting with a client starting in about two minutes; the
 * client pays on the sandbox checkout (test card 4242…) and lands on the success screen; both join
 * from their meeting cards in two phone contexts with Chromium's fake camera and microphone, and the
 * WebRTC call (signalled over the app's STOMP connection) reaches `connected` over loopback with
 * the other side's picture playing; the lawyer turns the camera off and the client sees it; both
 * hang up; once the meeting is over the client releases the payment.
 *
 * The browser gets the call flags of tests/helpers/browser.ts (fake camera and microphone, loopback
 * and plain IP candidates). One server and one browser for the file.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_CHROMIUM_ARGS,
  callState,
  CHROME_PATH,
  newPhoneContext,
  signIn,
  waitForCallState,
  waitForPath,
  waitForRemotePicture,
} from '../helpers/browser';
import { startServer, type E2EServer } from '../helpers/e2e-server';

const PASSWORD = 'Demo@2026';
const CLIENT = 'client2@legalconnect.test';
const LAWYER = 'lawyer3@legalconnect.test';
const LAWYER_NAME = 'Shirin Akter';
const TITLE = 'Video consultation on the tenancy notice';
const MINUTE = 60_000;
/** Bangladesh time: UTC+6 all year. */
const DHAKA_OFFSET_MS = 6 * 60 * MINUTE;

let server: E2EServer;
let browser: Browser;
let client: Page;
let lawyer: Page;
/** When the meeting ends (ms since the epoch). */
let startsAt = 0;

const url = (path: string) => new URL(path, server.baseURL).href;

/** A `datetime-local` value in Bangladesh time (the form's time zone), to the minute. */
function dhakaLocal(ms: number): string {
  return new Date(ms + DHAKA_OFFSET_MS).toISOString().slice(0, 16);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ demoData: true }),
    chromium.launch({ executablePath: CHROME_PATH, args: CALL_CHROMIUM_ARGS }),
  ]);
  const [clientContext, lawyerContext] = await Promise.all([
    newPhoneContext(browser, { permissions: ['camera', 'microphone'] }),
    newPhoneContext(browser, { permissions: ['camera', 'microphone'] }),
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

describe('a paid video meeting', () => {
  it('the lawyer schedules a meeting with the client', async () => {
    // Starts at the first whole minute at least 20 s away and lasts five minutes: joinable at
    // once (10 minutes early); Release shows once it has started, soon after the call.
    startsAt = Math.ceil((Date.now() + 20_000) / MINUTE) * MINUTE;
    const endsAt = startsAt + 5 * MINUTE;

    await lawyer.goto(url('/meetings'));
    await lawyer.getByLabel('Client’s email').fill(CLIENT);
    await lawyer.getByLabel('Title', { exact: true }).fill(TITLE);
    await lawyer.getByLabel('Starts').fill(dhakaLocal(startsAt));
    await lawyer.getByLabel('Ends').fill(dhakaLocal(endsAt));
    await lawyer.getByText(/^Price: /).waitFor();
    await lawyer.getByRole('button', { name: 'Schedule meeting', exact: true }).click();
    await lawyer.getByText('Meeting scheduled. Your client has been told and can pay now.').waitFor();
    await lawyer.getByRole('heading', { level: 3, name: TITLE }).waitFor();
  });

  it('the client pays on the sandbox checkout and sees the payment held', async () => {
    await client.goto(url('/my-meetings'));
    await client.getByRole('button', { name: new RegExp(`^Pay .+: ${TITLE}$`) }).click();
    // The pay step offers the card first in English (bKash first in Bangla: tests/e2e/bkash.test.ts).
    await client.getByRole('button', { name: /^Pay .+ by card$/ }).click();
    await client.waitForURL((address) => address.pathname.startsWith('/pay/checkout/'));
    await client.getByRole('heading', { level: 1, name: 'Pay for your meeting' }).waitFor();
    await client.getByLabel('Card number').fill('4242 4242 4242 4242');
    await client.getByLabel('Expiry (MM/YY)').fill('12/34');
    await client.getByLabel('CVC', { exact: true }).fill('123');
    await client.getByRole('button', { name: /^Pay / }).click();

    await waitForPath(client, '/payment/success');
    await client.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor({ timeout: 30_000 });
    await client.getByText('Held until you release it after the meeting.').waitFor();
  });

  it('both join from their meeting cards and the call connects with pictures both ways', async () => {
    await client.getByRole('link', { name: 'Back to my meetings' }).click();
    await waitForPath(client, '/my-meetings');
    await client.getByText(/Paid — held until you release it after the meeting\./).waitFor();

    await client.getByRole('button', { name: `Join: ${TITLE}` }).click();
    await client.getByRole('dialog', { name: `Video call with ${LAWYER_NAME}` }).waitFor();
    await client.getByText(`Waiting for ${LAWYER_NAME} to join…`).waitFor({ timeout: 30_000 });
    expect(await callState(client)).toBe('connecting');

    await lawyer.getByRole('button', { name: `Join: ${TITLE}` }).click();
    await lawyer.getByRole('dialog').waitFor();

    await Promise.all([waitForCallState(client, 'connected'), waitForCallState(lawyer, 'connected')]);
    await Promise.all([waitForRemotePicture(client), waitForRemotePicture(lawyer)]);
    await client.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
    // The quality meter shows up after the first statistics.
    await client.getByRole('img', { name: /^Connection quality: (good|fair|poor)\./ }).waitFor({ timeout: 15_000 });
  }, 120_000);

  it('the lawyer turns the camera off and the client sees it', async () => {
    await lawyer.getByRole('button', { name: 'Turn camera off' }).click();
    await lawyer.getByRole('button', { name: 'Turn camera on' }).waitFor();
    await client.getByText('Camera off', { exact: true }).waitFor();
    await lawyer.getByRole('button', { name: 'Turn camera on' }).click();
    await client.getByText('Camera off', { exact: true }).waitFor({ state: 'detached' });
    expect(await callState(client)).toBe('connected');
  });

  it('both hang up: the one who stays is told, then the dialogs close', async () => {
    await lawyer.getByRole('button', { name: 'Hang up' }).click();
    await lawyer.getByRole('dialog').waitFor({ state: 'detached' });
    await client.getByText(`${LAWYER_NAME} left the call.`, { exact: false }).waitFor();
    expect(await callState(client)).toBe('connecting');

    await client.getByRole('button', { name: 'Hang up' }).click();
    await client.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('once the meeting has started the client releases the payment to the lawyer', async () => {
    // Release shows once the meeting has started (the page looks at the clock every 30 s).
    const wait = Math.max(0, startsAt - Date.now()) + 45_000;
    const release = client.getByRole('button', { name: `Release payment: ${TITLE}` });
    await release.waitFor({ timeout: wait });
    await release.click();
    await client.getByRole('button', { name: /^Release (?!payment)/ }).click();
    await client.getByText('Payment released to your lawyer.').waitFor();
  }, 120_000);
});
