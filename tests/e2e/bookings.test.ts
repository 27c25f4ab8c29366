/**
 * Booking a consultation (issue 19) in Debian's Chromium against the built app with demo data, two
 * phones: the client books one of lawyer2's free times; the lawyer, on /meetings, sees the request
 * arrive live and accepts; the client pays on the sandbox checkout (test card 4242…) and finds the
 * meeting in the calendar's agenda; a second client then finds that time gone from the lawyer's page.
 * (Joining the call is meetings-call.test.ts's: a booking starts at least 2 hours ahead, and the
 * call opens 10 minutes before the start.)
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_PATH, CHROMIUM_ARGS, newPhoneContext, signIn, waitForPath } from '../helpers/browser';
import { startServer, type E2EServer } from '../helpers/e2e-server';

const PASSWORD = 'Demo@2026';
const CLIENT = 'client3@legalconnect.test';
const CLIENT_NAME = 'Rakib Chowdhury';
const SECOND_CLIENT = 'client2@legalconnect.test';
const LAWYER = 'lawyer2@legalconnect.test';
const TOPIC = 'My landlord kept the advance after I moved out';
const TITLE = `Consultation: ${TOPIC}`;

let server: E2EServer;
let browser: Browser;
let client: Page;
let lawyer: Page;
let second: Page;
/** The ISO start the client booked. */
let bookedStart = '';

const url = (path: string) => new URL(path, server.baseURL).href;
const lawyerPage = `/lawyers/${encodeURIComponent(LAWYER)}/details`;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ demoData: true }),
    chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS }),
  ]);
  const [a, b, c] = await Promise.all([newPhoneContext(browser), newPhoneContext(browser), newPhoneContext(browser)]);
  [client, lawyer, second] = await Promise.all([a.newPage(), b.newPage(), c.newPage()]);
  await Promise.all([
    signIn(client, server.baseURL, CLIENT, PASSWORD, '/dashboard/user'),
    signIn(lawyer, server.baseURL, LAWYER, PASSWORD, '/dashboard/lawyer'),
    signIn(second, server.baseURL, SECOND_CLIENT, PASSWORD, '/dashboard/user'),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('booking a consultation', () => {
  it('the client books a free time from the lawyer’s page', async () => {
    await lawyer.goto(url('/meetings'));
    await lawyer.getByRole('heading', { name: 'Consultation requests' }).waitFor();

    await client.goto(url(lawyerPage));
    await client.getByRole('heading', { name: 'Book a consultation' }).waitFor({ timeout: 30_000 });
    const time = client.getByLabel('Time');
    const first = await time.locator('option').nth(1).getAttribute('value');
    expect(first).toBeTruthy();
    bookedStart = first ?? '';
    await time.selectOption(bookedStart);
    await client.getByLabel('What is it about?').fill(TOPIC);
    await client.getByText(/^Price: ৳/).waitFor();
    await client.getByRole('button', { name: 'Send request' }).click();
    await client.getByText(/Request sent\. The lawyer has been told/).waitFor();
  });

  it('the lawyer is told live and accepts', async () => {
    // No reload: the notification arrives over the socket and the list follows.
    await lawyer.getByText(`From ${CLIENT_NAME}`).waitFor({ timeout: 30_000 });
    await lawyer.getByRole('button', { name: `Accept: ${CLIENT_NAME}` }).click();
    await lawyer.getByRole('heading', { level: 3, name: TITLE }).waitFor({ timeout: 30_000 });
  });

  it('the client pays with the sandbox card and sees the meeting in the calendar', async () => {
    await client.goto(url('/my-meetings'));
    await client.getByRole('button', { name: new RegExp(`^Pay .+: ${TITLE}$`) }).click();
    // The pay step offers the card first in English (bKash first in Bangla: tests/e2e/bkash.test.ts).
    await client.getByRole('button', { name: /^Pay .+ by card$/ }).click();
    await client.waitForURL((address) => address.pathname.startsWith('/pay/checkout/'));
    await client.getByLabel('Card number').fill('4242 4242 4242 4242');
    await client.getByLabel('Expiry (MM/YY)').fill('12/34');
    await client.getByLabel('CVC', { exact: true }).fill('123');
    await client.getByRole('button', { name: /^Pay / }).click();
    await waitForPath(client, '/payment/success');
    await client.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor({ timeout: 30_000 });

    await client.goto(url('/dashboard/user'));
    await client.getByRole('heading', { name: 'Calendar', exact: true }).waitFor();
    await client.getByRole('button', { name: 'Agenda', exact: true }).click();
    await client.getByRole('link', { name: TITLE }).first().waitFor({ timeout: 30_000 });
  });

  it('a second client finds that time gone', async () => {
    await second.goto(url(lawyerPage));
    await second.getByRole('heading', { name: 'Book a consultation' }).waitFor({ timeout: 30_000 });
    const values = await second
      .getByLabel('Time')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(values.length).toBeGreaterThan(1);
    expect(values).not.toContain(bookedStart);
  });
});
