/**
 * Law Insights (issue 9) in Debian's Chromium, two phones against the built app with demo data
 * (where client1 already follows lawyer1): the lawyer writes and publishes an article in the editor
 * → the follower is told (the bell's panel) → finds it by a word of its text in the search, the word
 * marked → reads it, with the author card and the follow state. Then a post carrying stored XSS
 * payloads (sent straight to the API, as an attacker would) is opened and searched: no dialog opens
 * and the flag the payloads try to set stays unset.
 * One server and one browser for the file.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhoneContext, signIn, waitForPath } from '../helpers/browser';
import { startServer, type E2EServer } from '../helpers/e2e-server';

const PASSWORD = 'Demo@2026';
const FOLLOWER = 'client1@legalconnect.test';
const LAWYER = 'lawyer1@legalconnect.test';
const LAWYER_NAME = 'Ayesha Siddiqua';
const TITLE = 'Wage claims of garment workers';
/** A word no demo article uses, so the search finds this article alone. */
const WORD = 'Konabari';

/** Each payload tries to set window.__xss or open a dialog, by a different route. */
const PAYLOADS = [
  '<script>window.__xss = 1; alert(1)</script>',
  '<img src=x onerror="window.__xss = 2; alert(2)">',
  '<a href="javascript:window.__xss=3;alert(3)">click me</a>',
  '<svg onload="window.__xss=4"><script>window.__xss=4</script></svg>',
  '<iframe srcdoc="<script>parent.__xss=5</script>"></iframe>',
  '<p style="background:url(javascript:window.__xss=6)" onmouseover="window.__xss=6">hover</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=7>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=8>">',
  '<details open ontoggle="window.__xss=9">details</details>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=10">',
];

let server: E2EServer;
let browser: Browser;
let follower: Page;
let lawyer: Page;
let postPath = '';
const dialogs: string[] = [];

const url = (path: string) => new URL(path, server.baseURL).href;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ demoData: true }), launchBrowser()]);
  const [followerContext, lawyerContext] = await Promise.all([newPhoneContext(browser), newPhoneContext(browser)]);
  [follower, lawyer] = await Promise.all([followerContext.newPage(), lawyerContext.newPage()]);
  for (const page of [follower, lawyer]) {
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  }
  await Promise.all([
    signIn(follower, server.baseURL, FOLLOWER, PASSWORD, '/dashboard/user'),
    signIn(lawyer, server.baseURL, LAWYER, PASSWORD, '/dashboard/lawyer'),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A bearer token for `email`, straight from the API (for the attacker's post). */
async function tokenOf(email: string): Promise<string> {
  const res = await fetch(url('/v1/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

describe('Law Insights', () => {
  it('the lawyer writes an article in the editor and publishes it', async () => {
    await lawyer.goto(url('/lawyer/blogs'));
    await lawyer.getByRole('heading', { level: 1, name: 'My blog posts' }).waitFor();
    await lawyer.getByRole('button', { name: 'New post' }).click();
    // The editor's own region: the list below may hold demo drafts with their own Publish buttons.
    const form = lawyer.getByRole('region', { name: 'New post' });
    await form.getByLabel('Title', { exact: true }).fill(TITLE);
    await form.getByRole('textbox', { name: 'Content' }).click();
    await lawyer.keyboard.type(`Workers of the ${WORD} factories may claim unpaid wages at the Labour Court.`);
    await form.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click();
    await lawyer.keyboard.type(' Keep your pay slips.');
    await form.getByRole('button', { name: 'Publish', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await lawyer.getByRole('link', { name: TITLE }).waitFor();
    expect(await lawyer.getByRole('button', { name: 'New post' }).count()).toBe(1);
  });

  it('the follower is told, finds the article by a word of its text, and reads it', async () => {
    await follower
      .getByRole('banner')
      .getByRole('button', { name: /^Notifications, \d+ unread$/ })
      .click();
    const panel = follower.getByRole('region', { name: 'Notifications', exact: true });
    await panel.getByText(`${LAWYER_NAME} published a new article: ${TITLE}`).waitFor();

    await follower.goto(url('/law-insights'));
    await follower.getByLabel('Search articles').fill(WORD.toLowerCase());
    await follower.getByRole('button', { name: 'Search', exact: true }).click();
    await follower.getByText('Articles found: 1').waitFor();
    const marked = follower.locator('.blog-card mark');
    expect(await marked.allTextContents()).toContain(WORD);

    await follower.getByRole('link', { name: `Read “${TITLE}”` }).click();
    await follower.waitForURL((address) => /^\/blog\/[0-9a-f-]{36}$/.test(address.pathname));
    postPath = new URL(follower.url()).pathname;
    await follower.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(await follower.locator('.blog-content').textContent()).toContain(`${WORD} factories`);
    expect(await follower.locator('.blog-content strong').textContent()).toContain('Keep your pay slips.');
    // client1 follows lawyer1 in the demo data.
    await follower.getByRole('button', { name: 'Unfollow' }).waitFor();
    const profile = follower.getByRole('link', { name: 'View profile' });
    expect(await profile.getAttribute('href')).toBe(`/lawyers/${encodeURIComponent(LAWYER)}/details`);
  });

  it('a stored XSS post renders in Chromium without a dialog or any script running', async () => {
    const token = await tokenOf(LAWYER);
    const res = await fetch(url('/v1/blogs'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: 'Payload <img src=x onerror=window.__xss=11> xsscorpus',
        content: `<p>xsscorpus article</p>${PAYLOADS.join('')}`,
        status: 'PUBLISHED',
      }),
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { blogId: string; content: string } };
    expect(data.content).not.toMatch(/<script|onerror|javascript:|<iframe|<svg|style=/i);

    await follower.goto(url(`/blog/${data.blogId}`));
    await follower.getByText('xsscorpus article').waitFor();
    await follower.locator('.blog-content').hover();
    await follower.waitForTimeout(500);
    expect(await follower.evaluate(() => (window as Window & { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await follower.locator('.blog-content script, .blog-content img, .blog-content iframe').count()).toBe(0);

    await follower.goto(url('/law-insights?q=xsscorpus'));
    await follower.getByText('Articles found: 1').waitFor();
    await follower.waitForTimeout(500);
    expect(await follower.evaluate(() => (window as Window & { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await follower.locator('.blog-card img').count()).toBe(0);
    expect(dialogs).toEqual([]);
    // The journey's article is still where the follower left it.
    await follower.goto(url(postPath));
    await waitForPath(follower, postPath);
  });
});
