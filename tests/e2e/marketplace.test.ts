/**
 * The marketplace journey of issue 3 in Debian's Chromium on a phone, against the built app and a
 * real server with the demo data: a new lawyer (registered and verified through the API, since the
 * sign-up screens have their own suite) fills the profile form and uploads a PDF bar certificate
 * through the UI and sees "Pending verification"; the admin opens the Pending queue, looks at the
 * certificate in the in-app viewer and approves; the lawyer is verified and has an in-app
 * notification; a client finds that lawyer on /find-lawyer with two filters and a word from the bio,
 * the search lives in the address and survives a reload, and the card opens the details page; a demo
 * lawyer's reviews page with "Load more"; and the directory and details pages in Bangla.
 *
 * One server (with the demo accounts) and one browser for the file. The new lawyer, the admin and
 * the client each keep one context for the whole file, as one person on one phone would; the tests
 * run in order and build on each other, like the journey they describe.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhoneContext, openHeaderMenu, signIn, storedAuth, waitForPath } from '../helpers/browser';
import { codeFrom, startServer, waitForMail, type E2EServer } from '../helpers/e2e-server';

const DEMO_PASSWORD = 'Demo@2026';
const LAWYER1 = 'lawyer1@legalconnect.test';

let server: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let lawyer: Page;
let admin: Page;
let client: Page;

/** Letters only, so the word is one search token whatever the tokenizer does with digits. */
const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** The new lawyer: a distinctive word in the bio, found by the client's free-text search. */
const WORD = `kadamphul${letters(6)}`;
const NEW_LAWYER = {
  firstName: 'Shirin',
  lastName: 'Akhter',
  email: `shirin.${Date.now().toString(36)}${letters(4)}@example.com`,
  password: 'Sreemangal@2026',
  firm: `Akhter ${WORD.slice(-6)} Legal Chamber`,
  barNumber: `SYL-${Date.now().toString(36).toUpperCase()}`,
  bio: `Family and cyber matters in Moulvibazar, ${WORD} tea-garden disputes and online harassment.`,
};
const NAME = `${NEW_LAWYER.firstName} ${NEW_LAWYER.lastName}`;
const DETAILS_PATH = `/lawyers/${encodeURIComponent(NEW_LAWYER.email)}/details`;

const url = (path: string) => new URL(path, server.baseURL).href;

async function newPage(): Promise<Page> {
  const context = await newPhoneContext(browser);
  contexts.push(context);
  return context.newPage();
}

async function api(path: string, init: { method?: string; body?: unknown; token?: string | null } = {}) {
  const response = await fetch(url(path), {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, json: (await response.json()) as { data?: unknown } };
}

/**
 * A minimal valid PDF (catalog, one page, xref with correct offsets, trailer, %%EOF), built here so
 * the test does not depend on a fixture file.
 */
function minimalPdf(line: string): Buffer {
  const stream = `BT /F1 12 Tf 30 60 Td (${line}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 120] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** Waits for the screen whose h1 reads `name` (the previous screen's h1 may linger a moment). */
async function h1(page: Page, name: string): Promise<void> {
  await page.getByRole('main').getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ demoData: true }), launchBrowser()]);
  [lawyer, admin, client] = await Promise.all([newPage(), newPage(), newPage()]);

  // The new lawyer's account, registered and verified with the mailed code (the screens for that
  // are covered by auth-journey.test.ts); everything about the profile below goes through the UI.
  const registered = await api('/v1/auth/register', {
    method: 'POST',
    body: {
      firstName: NEW_LAWYER.firstName,
      lastName: NEW_LAWYER.lastName,
      email: NEW_LAWYER.email,
      password: NEW_LAWYER.password,
      role: 'LAWYER',
    },
  });
  expect(registered.status, JSON.stringify(registered.json)).toBe(201);
  const otp = codeFrom(await waitForMail(server, NEW_LAWYER.email));
  const verified = await api('/v1/auth/verify-email', { method: 'POST', body: { email: NEW_LAWYER.email, otp } });
  expect(verified.status, JSON.stringify(verified.json)).toBe(200);

  await Promise.all([
    signIn(lawyer, server.baseURL, NEW_LAWYER.email, NEW_LAWYER.password, '/dashboard/lawyer'),
    signIn(admin, server.baseURL, 'admin@legalconnect.test', DEMO_PASSWORD, '/dashboard/admin'),
    signIn(client, server.baseURL, 'client1@legalconnect.test', DEMO_PASSWORD, '/dashboard/user'),
  ]);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await server?.stop();
});

describe('marketplace journey (issue 3)', () => {
  it('a new lawyer creates a profile, uploads a PDF certificate and sees "Pending verification"', async () => {
    await lawyer.goto(url('/lawyer/profile/create'));
    await h1(lawyer, 'Create your lawyer profile');
    const details = lawyer.getByRole('region', { name: 'Step 1 of 2: practice details' });
    await details.waitFor();

    await details.getByLabel('Firm or chamber').fill(NEW_LAWYER.firm);
    await details.getByLabel('Years of experience').fill('9');
    await details.getByLabel('Bar certificate (enrolment) number').fill(NEW_LAWYER.barNumber);
    await details.getByLabel('Bar association (optional)').fill('Moulvibazar District Bar Association');
    await details.getByLabel('Practising court').selectOption({ label: 'Family Court' });
    // The district list follows the division: locked until one is chosen, then only its districts.
    const district = details.getByLabel('District', { exact: true });
    expect(await district.isDisabled()).toBe(true);
    await details.getByLabel('Division', { exact: true }).selectOption({ label: 'Sylhet' });
    expect(await district.isEnabled()).toBe(true);
    const districts = (await district.getByRole('option').allInnerTexts()).map((text) => text.trim());
    expect(districts).toEqual(['Choose a district', 'Habiganj', 'Moulvibazar', 'Sunamganj', 'Sylhet']);
    await district.selectOption({ label: 'Moulvibazar' });
    const specializations = details.getByRole('group', { name: 'Specializations' });
    await specializations.getByRole('checkbox', { name: 'Family Law', exact: true }).check();
    await specializations.getByRole('checkbox', { name: 'Cyber Law', exact: true }).check();
    await details
      .getByRole('group', { name: 'Languages you work in' })
      .getByRole('checkbox', { name: 'Bangla' })
      .check();
    await details.getByLabel('About you (optional)').fill(NEW_LAWYER.bio);
    await details.getByLabel('Hourly charge in taka (৳, optional)').fill('2500');
    await details.getByRole('button', { name: 'Create profile' }).click();

    // Step 2: the certificate, chosen with the phone's file chooser.
    await lawyer.getByRole('heading', { level: 2, name: 'Step 2 of 2: bar certificate' }).waitFor();
    await lawyer.getByRole('status').filter({ hasText: 'Your profile is created.' }).waitFor();
    const pending = lawyer.getByRole('region', { name: 'Pending verification' });
    await pending.getByText('Upload your bar certificate so that an admin can verify you.').waitFor();

    const certificate = lawyer.getByRole('region', { name: 'Bar certificate' });
    const pdf = minimalPdf(`Bar Council enrolment ${NEW_LAWYER.barNumber}`);
    const [chooser] = await Promise.all([
      lawyer.waitForEvent('filechooser'),
      certificate.getByLabel('Choose a file').click(),
    ]);
    await chooser.setFiles({ name: 'bar-certificate.pdf', mimeType: 'application/pdf', buffer: pdf });
    await certificate.getByText(/^Chosen: bar-certificate\.pdf \(/).waitFor();
    await certificate.getByRole('button', { name: 'Upload certificate' }).click();

    await lawyer
      .getByRole('heading', {
        level: 2,
        name: 'Thank you. Your profile and certificate are with our team for verification.',
      })
      .waitFor();
    await pending.getByText(/An admin is checking your details and bar certificate\./).waitFor();
    expect(await pending.getByText('Upload your bar certificate so that an admin can verify you.').count()).toBe(0);
    // Not in the directory yet: a client who knows the address is told so.
    await client.goto(url(DETAILS_PATH));
    await client.getByText('This lawyer could not be found, or is not verified yet.').waitFor();
  });

  it('the admin opens the Pending queue, sees the certificate in the viewer and approves', async () => {
    await admin.goto(url('/admin/lawyers'));
    await h1(admin, 'Manage Lawyers');
    await admin.getByRole('navigation', { name: 'Verification status' }).getByRole('tab', { name: 'Pending' }).click();
    await admin.waitForURL((address) => address.searchParams.get('status') === 'PENDING');
    const row = admin.getByRole('article', { name: NAME });
    await row.getByText(NEW_LAWYER.email, { exact: true }).waitFor();
    await row.getByText('Pending verification', { exact: true }).waitFor();
    expect(await row.getByText('No certificate uploaded').count()).toBe(0);
    await row.getByRole('link', { name: `Review ${NAME}` }).click();
    await admin.waitForURL((address) => /^\/admin\/lawyers\/[^/]+$/.test(address.pathname));
    await h1(admin, NAME);

    // The practice details as the lawyer entered them, and the certificate shown in the app.
    const practice = admin.getByRole('region', { name: 'Practice details' });
    await practice.getByText(NEW_LAWYER.barNumber).waitFor();
    await practice.getByText(NEW_LAWYER.firm).waitFor();
    const certificate = admin.getByRole('region', { name: 'Bar certificate' });
    // Drawn by pdf.js on a canvas (an iframe stays empty on Android's Chromium).
    const page = certificate.getByRole('img', { name: `Bar certificate of ${NAME}, page 1 of 1` });
    await page.waitFor();
    await certificate.locator('canvas[aria-busy="false"]').waitFor();
    await certificate.getByRole('link', { name: 'Download' }).waitFor();
    await certificate.getByText(/bar-certificate.*\.pdf · /).waitFor();

    // Approving asks first, then says it is done.
    const decision = admin.getByRole('region', { name: 'Decision' });
    await decision.getByRole('button', { name: 'Approve', exact: true }).click();
    const confirm = decision.getByRole('group', {
      name: `Approve ${NAME}? Clients will be able to find and book them.`,
    });
    await confirm.getByRole('button', { name: 'Yes, approve' }).click();
    await decision.getByText(`${NAME} is approved.`).waitFor();
    await admin.getByRole('main').getByText('Verified lawyer', { exact: true }).first().waitFor();
    expect(await decision.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
  });

  it('the lawyer is verified after a reload and has an in-app notification (and an email)', async () => {
    await lawyer.reload();
    await lawyer.getByRole('heading', { level: 2, name: 'You already have a lawyer profile.' }).waitFor();
    const verified = lawyer.getByRole('region', { name: '✓ Verified' });
    await verified.getByText(/^You were verified on .+\. Clients can find you in the directory\.$/).waitFor();

    await lawyer.goto(url('/dashboard/lawyer'));
    const panel = lawyer.getByRole('region', { name: 'Your lawyer profile' });
    await panel.getByText('Verified lawyer', { exact: true }).waitFor();

    // Read with the lawyer's own session (the dropdown itself has its own suite: notifications.test.ts).
    const { auth_token: token } = await storedAuth(lawyer);
    expect(token).toBeTruthy();
    const listed = await api('/v1/notifications/', { token });
    expect(listed.status).toBe(200);
    const { notifications } = listed.json.data as { notifications: { content: string; read: boolean }[] };
    expect(notifications.map((n) => n.content)).toContain(
      'Your lawyer profile has been approved. Clients can now find you in the LegalConnect directory.',
    );
    expect(notifications.find((n) => n.content.includes('approved'))?.read).toBe(false);

    // The first mail was the verification code; the second says approved.
    const mail = await waitForMail(server, NEW_LAWYER.email, { count: 2 });
    expect(mail.text).toMatch(/approved/i);
  });

  it('a client finds the lawyer with two filters and a word from the bio; the address keeps the search', async () => {
    await client.goto(url('/find-lawyer'));
    await h1(client, 'Find Lawyers');
    const search = client.getByRole('search');
    // On a phone the filters are folded away until asked for.
    const division = search.getByLabel('Division', { exact: true });
    if (!(await division.isVisible())) await search.getByText('Filters', { exact: true }).click();
    await division.selectOption({ label: 'Sylhet' });
    await search.getByLabel('Specialization', { exact: true }).selectOption({ label: 'Cyber Law' });
    await search.getByRole('searchbox', { name: 'Search lawyers' }).fill(WORD);
    await search.getByRole('button', { name: 'Show lawyers' }).click();

    await client.waitForURL((address) => address.searchParams.get('q') === WORD);
    const params = new URL(client.url()).searchParams;
    expect(Object.fromEntries(params)).toEqual({ q: WORD, division: 'SYLHET', spec: 'CYBER_LAW' });

    const results = client.getByRole('region', { name: 'Lawyers', exact: true });
    const card = results.getByRole('article', { name: NAME });
    await card.waitFor();
    await results.getByRole('status').getByText('1 lawyer found · Showing 1–1 of 1').waitFor();
    await card.getByText(NEW_LAWYER.firm).waitFor();
    await card.getByText(/Moulvibazar/).waitFor();
    await card.getByRole('listitem').filter({ hasText: 'Cyber Law' }).waitFor();
    await card.getByText('৳2,500 / hour').waitFor();

    // A reload (or a shared link) gives the same search, the form showing what applies.
    await client.reload();
    await results.getByRole('article', { name: NAME }).waitFor();
    expect(await search.getByRole('searchbox').inputValue()).toBe(WORD);
    expect(await search.getByLabel('Division', { exact: true }).inputValue()).toBe('SYLHET');
    expect(await search.getByLabel('Specialization', { exact: true }).inputValue()).toBe('CYBER_LAW');
    await search.getByText('Filters (2)', { exact: true }).waitFor();

    // Another specialization in the same place: the lawyer is not there.
    await search.getByLabel('Specialization', { exact: true }).selectOption({ label: 'Tax Law' });
    await search.getByRole('button', { name: 'Show lawyers' }).click();
    await results.getByText('No lawyer matches this search.').waitFor();
    await client.goBack();
    await client.waitForURL((address) => address.searchParams.get('spec') === 'CYBER_LAW');

    await results.getByRole('link', { name: `View profile of ${NAME}` }).click();
    await waitForPath(client, DETAILS_PATH);
    await h1(client, NAME);
    await client.getByText('Verified lawyer', { exact: true }).waitFor();
    const practice = client.getByRole('region', { name: 'Practice', exact: true });
    await practice.getByText('৳2,500 / hour').waitFor();
    await client
      .getByRole('region', { name: 'Reviews' })
      .getByText(/^No reviews yet\./)
      .waitFor();
    await client.getByRole('button', { name: 'Message', exact: true }).waitFor();
  });

  it('shows a demo lawyer\'s reviews, a page at a time with "Load more"', async () => {
    const path = `/lawyers/${encodeURIComponent(LAWYER1)}/details`;
    await client.goto(url(path));
    await h1(client, 'Ayesha Siddiqua');
    const reviews = client.getByRole('region', { name: 'Reviews' });
    const articles = reviews.getByRole('article', { name: /^Review by / });
    await reviews.getByText(/^Showing \d+ of \d+ reviews$/).waitFor();
    const [, shown, total] = /^Showing (\d+) of (\d+) reviews$/.exec(
      (await reviews.getByText(/^Showing \d+ of \d+ reviews$/).innerText()).trim(),
    ) ?? ['', '0', '0'];
    expect(Number(total)).toBeGreaterThan(0);
    expect(await articles.count()).toBe(Number(shown));
    // The demo gives no lawyer more reviews than one page (5) holds, so all of them show at once.
    const loadMore = reviews.getByRole('button', { name: 'Load more reviews' });
    expect(await loadMore.count()).toBe(Number(shown) < Number(total) ? 1 : 0);

    // To see "Load more" work against the real server, ask for pages of 2 instead of 5. Routed on the
    // context: the service worker makes the API request (sw/api-cache.ts), and only the context's
    // routes see a worker's requests.
    await client.context().route('**/v1/lawyer-directory/lawyers/*/reviews?*', (route) => {
      const address = new URL(route.request().url());
      address.searchParams.set('size', '2');
      return route.continue({ url: address.href });
    });
    try {
      await client.reload();
      await reviews.getByText(`Showing 2 of ${total} reviews`).waitFor();
      expect(await articles.count()).toBe(2);
      await loadMore.click();
      await reviews.getByText(`Showing ${Math.min(4, Number(total))} of ${total} reviews`).waitFor();
      expect(await articles.count()).toBe(Math.min(4, Number(total)));
      // The keyboard moves to the first new review instead of being stranded on <body>.
      await client.waitForFunction(() => document.activeElement?.matches('.review-list li:nth-child(3) > article'));
      if (Number(total) <= 4) expect(await loadMore.count()).toBe(0);
    } finally {
      await client.context().unrouteAll();
    }
  });

  it('shows /find-lawyer and the details page in Bangla, with Bengali digits and ৳', async () => {
    await client.goto(url(`/find-lawyer?q=${WORD}&division=SYLHET&spec=CYBER_LAW`));
    await openHeaderMenu(client);
    await client.getByRole('button', { name: 'বাংলায় দেখুন' }).click();
    await client.locator('html[lang="bn"]').waitFor({ state: 'attached' });
    expect(await client.evaluate(() => localStorage.getItem('language'))).toBe('bn');
    await client.keyboard.press('Escape');

    await h1(client, 'আইনজীবী খুঁজুন');
    const search = client.getByRole('search');
    await search.getByRole('searchbox', { name: 'আইনজীবী অনুসন্ধান' }).waitFor();
    expect(await search.getByLabel('বিভাগ', { exact: true }).inputValue()).toBe('SYLHET');
    expect(await search.getByLabel('বিশেষজ্ঞতা', { exact: true }).inputValue()).toBe('CYBER_LAW');
    await search.getByText('ফিল্টার (২)', { exact: true }).waitFor();
    await search.getByRole('button', { name: 'আইনজীবী দেখান' }).waitFor();
    const results = client.getByRole('region', { name: 'আইনজীবী', exact: true });
    await results.getByRole('status').getByText('১ জন আইনজীবী পাওয়া গেছে · ১ জনের মধ্যে ১–১ দেখানো হচ্ছে').waitFor();
    const card = results.getByRole('article', { name: NAME });
    await card.getByText('৳২,৫০০ / ঘণ্টা').waitFor();
    await card.getByRole('listitem').filter({ hasText: 'সাইবার আইন' }).waitFor();

    await results.getByRole('link', { name: `${NAME}-এর প্রোফাইল দেখুন` }).click();
    await waitForPath(client, DETAILS_PATH);
    await h1(client, NAME);
    await client.getByRole('link', { name: '← আইনজীবী খোঁজায় ফিরে যান' }).waitFor();
    await client.getByText('যাচাই করা আইনজীবী', { exact: true }).waitFor();
    const practice = client.getByRole('region', { name: 'পেশাগত তথ্য' });
    await practice.getByText('৳২,৫০০ / ঘণ্টা').waitFor();
    await client.getByRole('region', { name: 'রিভিউ' }).waitFor();
    await client.getByRole('button', { name: 'বার্তা পাঠান' }).waitFor();

    // And a demo lawyer's reviews, counted in Bengali digits.
    await client.goto(url(`/lawyers/${encodeURIComponent(LAWYER1)}/details`));
    const reviews = client.getByRole('region', { name: 'রিভিউ' });
    await reviews.getByText(/^[০-৯]+টির মধ্যে [০-৯]+টি রিভিউ দেখানো হচ্ছে$/).waitFor();
    expect(await reviews.getByRole('article', { name: /-এর রিভিউ$/ }).count()).toBeGreaterThan(0);
  });
});
