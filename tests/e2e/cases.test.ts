/**
 * A case from opening to review (issue 4) in Debian's Chromium, two phones against the built app
 * with demo data: the lawyer opens a case for a client by email → the client is told and sees it →
 * both add notes with the right privacy (a PRIVATE note never reaches the other phone) → both add
 * documents (the lawyer's shared PDF opens in the client's viewer; the client's private photo stays
 * theirs) → a schedule added by the lawyer shows in both calendars → the lawyer resolves the case →
 * the client reviews the lawyer, and the review is on the lawyer's public page.
 * One server and one browser for the file.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhoneContext, signIn, waitForPath } from '../helpers/browser';
import { startServer, type E2EServer } from '../helpers/e2e-server';
import { jpeg, textPdf } from '../helpers/server-documents';

const PASSWORD = 'Demo@2026';
const CLIENT = 'client3@legalconnect.test';
const CLIENT_NAME = 'Rakib Chowdhury';
const LAWYER = 'lawyer2@legalconnect.test';
const LAWYER_NAME = 'Mahmudul Hasan';
const TITLE = 'Shop lease renewal in Chattogram';

let server: E2EServer;
let browser: Browser;
let client: Page;
let lawyer: Page;
let casePath = '';

const url = (path: string) => new URL(path, server.baseURL).href;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ demoData: true }), launchBrowser()]);
  const [clientContext, lawyerContext] = await Promise.all([newPhoneContext(browser), newPhoneContext(browser)]);
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

describe('a case from opening to review', () => {
  it('the lawyer opens a case for the client by email and lands on its page', async () => {
    await lawyer.goto(url('/cases'));
    await lawyer.getByRole('button', { name: 'Open a case' }).click();
    await lawyer.getByLabel("Client's email address").fill(CLIENT);
    await lawyer.getByLabel('Case title').fill(TITLE);
    await lawyer.getByLabel('Description').fill('The landlord wants a 40% raise at renewal.');
    await lawyer.getByRole('button', { name: 'Open case' }).click();
    await lawyer.waitForURL((address) => /^\/case\/[0-9a-f-]{36}$/.test(address.pathname));
    casePath = new URL(lawyer.url()).pathname;
    await lawyer.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(await lawyer.getByText(CLIENT_NAME).count()).toBeGreaterThan(0);
  });

  it('the client is told, and finds the case in /cases', async () => {
    // Told live: the bell's panel has the opening, linking to the case.
    await client
      .getByRole('banner')
      .getByRole('button', { name: /^Notifications, \d+ unread$/ })
      .click();
    const panel = client.getByRole('region', { name: 'Notifications', exact: true });
    await panel.getByText(`${LAWYER_NAME} opened a case for you: ${TITLE}`).waitFor();
    await client.goto(url('/cases'));
    await client.getByRole('link', { name: TITLE }).click();
    await waitForPath(client, casePath);
    await client.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    // A client cannot edit or resolve the case.
    expect(await client.getByRole('button', { name: 'Edit case' }).count()).toBe(0);
    expect(await client.getByRole('button', { name: `Message ${LAWYER_NAME}` }).count()).toBe(1);
  });

  it('both add notes; a PRIVATE note stays with its author', async () => {
    const addNote = async (page: Page, title: string, content: string, privacy: 'Only me' | 'Both parties') => {
      await page.getByRole('button', { name: 'Add a note' }).click();
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByLabel('Note', { exact: true }).fill(content);
      await page.getByLabel(privacy).check();
      await page.getByRole('button', { name: 'Save note' }).click();
      await page.getByRole('heading', { name: title }).waitFor();
    };
    await addNote(lawyer, 'Strategy', 'Offer 15% and a three-year term.', 'Only me');
    await addNote(lawyer, 'Bring the lease', 'The signed 2021 lease and rent receipts.', 'Both parties');
    await addNote(client, 'My questions', 'Can they evict me before the term ends?', 'Both parties');

    await client.reload();
    await client.getByRole('heading', { name: 'Bring the lease' }).waitFor();
    expect(await client.getByRole('heading', { name: 'Strategy' }).count()).toBe(0);
    await lawyer.reload();
    await lawyer.getByRole('heading', { name: 'My questions' }).waitFor();
    expect(await lawyer.getByRole('heading', { name: 'Strategy' }).count()).toBe(1);
  });

  it('both add documents: the shared PDF opens in the other party’s viewer, the private photo does not show there', async () => {
    await lawyer.getByRole('tab', { name: 'Documents' }).click();
    await lawyer.getByRole('button', { name: 'Upload a document' }).click();
    await lawyer.getByLabel('Title', { exact: true }).fill('Lease draft');
    await lawyer.getByLabel(/^File/).setInputFiles({
      name: 'lease-draft.pdf',
      mimeType: 'application/pdf',
      buffer: textPdf(['Lease renewal draft for the shop']),
    });
    await lawyer.getByRole('button', { name: 'Upload', exact: true }).click();
    await lawyer.getByRole('heading', { name: 'Lease draft' }).waitFor();

    const photo = await jpeg(64, 48);
    await client.goto(url(`${casePath}?tab=documents`));
    await client.getByRole('heading', { name: 'Lease draft' }).waitFor();
    await client.getByRole('button', { name: 'Upload a document' }).click();
    await client.getByLabel('Title', { exact: true }).fill('Shop front');
    await client.getByLabel('Only me').check();
    await client.getByLabel(/^File/).setInputFiles({ name: 'shop.jpg', mimeType: 'image/jpeg', buffer: photo });
    await client.getByRole('button', { name: 'Upload', exact: true }).click();
    await client.getByRole('heading', { name: 'Shop front' }).waitFor();

    // The PDF is drawn by pdf.js on a canvas (Chromium on Android draws nothing for one in an iframe),
    // with its worker from this origin and nothing the Content-Security-Policy refuses.
    const refused: string[] = [];
    client.on('console', (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    const lease = client.getByRole('listitem').filter({ has: client.getByRole('heading', { name: 'Lease draft' }) });
    await lease.getByRole('button', { name: /View/ }).click();
    const page = lease.getByRole('img', { name: 'Lease draft, page 1 of 1' });
    await lease.locator('canvas[aria-busy="false"]').waitFor();
    const ink = await page.evaluate((canvas) => {
      const { width, height } = canvas as HTMLCanvasElement;
      const pixels = (canvas as HTMLCanvasElement).getContext('2d')?.getImageData(0, 0, width, height).data ?? [];
      let dark = 0;
      for (let i = 0; i < pixels.length; i += 4) if ((pixels[i] ?? 255) < 128 && (pixels[i + 3] ?? 0) > 0) dark += 1;
      return { width, dark };
    });
    expect(ink.width).toBeGreaterThan(300);
    expect(ink.dark).toBeGreaterThan(50);
    expect(refused).toEqual([]);
    expect(await lease.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('lease-draft.pdf');

    await lawyer.reload();
    await lawyer.getByRole('heading', { name: 'Lease draft' }).waitFor();
    expect(await lawyer.getByRole('heading', { name: 'Shop front' }).count()).toBe(0);
  });

  it('a schedule the lawyer adds shows in both calendars', async () => {
    // Three days from now, in Dhaka (UTC+6): inside the agenda's 30 days whatever the month.
    const day = new Date(Date.now() + 6 * 3600_000 + 3 * 86_400_000).toISOString().slice(0, 10);
    await lawyer.goto(url(`${casePath}?tab=schedule`));
    await lawyer.getByRole('button', { name: 'New schedule' }).click();
    await lawyer.getByLabel('Title', { exact: true }).fill('Meeting with the landlord');
    await lawyer.getByLabel('Type', { exact: true }).selectOption('MEDIATION_SESSION');
    await lawyer.getByLabel('Date', { exact: true }).fill(day);
    await lawyer.getByLabel('Starts at').fill('15:00');
    await lawyer.getByLabel('Ends at').fill('16:00');
    await lawyer.getByRole('button', { name: 'Add schedule' }).click();
    await lawyer.getByRole('heading', { name: 'Meeting with the landlord' }).waitFor();

    for (const [page, dashboard] of [
      [lawyer, '/dashboard/lawyer'],
      [client, '/dashboard/user'],
    ] as const) {
      await page.goto(url(`${dashboard}#calendar`));
      const calendar = page.locator('#calendar');
      await calendar.getByRole('button', { name: 'Agenda' }).click();
      await calendar.getByText('Meeting with the landlord').first().waitFor();
    }
  });

  it('the lawyer resolves the case and the client reviews the lawyer', async () => {
    await lawyer.goto(url(casePath));
    await lawyer.getByRole('button', { name: 'Mark as resolved' }).click();
    await lawyer.getByRole('button', { name: 'Reopen case' }).waitFor();

    await client.goto(url(`${casePath}?tab=review`));
    await client.getByRole('heading', { name: `Your review of ${LAWYER_NAME}` }).waitFor();
    await client.getByLabel('5 stars').check();
    await client.getByLabel('Review (optional)').fill('Got a fair renewal without going to court.');
    await client.getByRole('button', { name: 'Post review' }).click();
    await client.getByText('Thank you. Your review is on the lawyer’s page.').waitFor();

    await client.goto(url(`/lawyers/${encodeURIComponent(LAWYER)}/details`));
    await client.getByText('Got a fair renewal without going to court.').waitFor();
  });
});
