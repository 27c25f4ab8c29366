/**
 * The installable, offline-capable app (issue 2, "Installable PWA base"), in Debian's Chromium on a
 * phone: the manifest and icons are served, Chromium finds nothing blocking installation once the
 * service worker controls the page, and a visited page — or any other screen — opens with no
 * network at all, from the precached shell.
 *
 * The tests run in order in one persistent profile, as one user would: the first visit installs
 * the worker (and only that visit hears "Ready to work offline"), later tests rely on it.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, launchPersistentPhone, newPhoneContext, type PersistentPhone } from '../helpers/browser';
import { REPO_ROOT, startServer, type E2EServer } from '../helpers/e2e-server';

let server: E2EServer;
let phone: PersistentPhone;

beforeAll(async () => {
  [server, phone] = await Promise.all([startServer(), launchPersistentPhone()]);
});

afterAll(async () => {
  await phone?.close();
  await server?.stop();
});

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}

async function openPage(path: string): Promise<Page> {
  const page = await phone.context.newPage();
  await page.goto(new URL(path, server.baseURL).href);
  return page;
}

/** The worker registers after the load event and claims the page when it activates. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });
}

async function mainHeading(page: Page): Promise<string> {
  const heading = page.getByRole('heading', { level: 1 }).first();
  await heading.waitFor({ state: 'visible', timeout: 15_000 });
  return (await heading.textContent())?.trim() ?? '';
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('installable PWA', () => {
  it('installs the service worker, says it is ready offline, and leaves Chromium no installability errors', async () => {
    // The first page of a fresh profile: it registers the worker, which installs and claims it.
    const page = await openPage('/');
    await waitForServiceWorker(page);
    await page.getByRole('status').filter({ hasText: 'Ready to work offline' }).waitFor({ timeout: 15_000 });

    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const { errors: manifestErrors } = await cdp.send('Page.getAppManifest');
    await cdp.detach();
    expect(installabilityErrors).toEqual([]);
    expect(manifestErrors).toEqual([]);
    await page.close();
  });

  it('links and serves the web app manifest with its icons and shortcuts', async () => {
    const page = await openPage('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const response = await page.request.get(new URL(href ?? '', server.baseURL).href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/application\/(manifest\+)?json/);
    const manifest = (await response.json()) as Record<string, unknown> & {
      icons: ManifestIcon[];
      shortcuts: { url: string }[];
    };
    expect(manifest).toMatchObject({
      id: '/',
      name: 'LegalConnect',
      short_name: 'LegalConnect',
      start_url: '/?source=home-screen',
      scope: '/',
      display: 'standalone',
      theme_color: '#0693e3',
      background_color: '#ffffff',
      lang: 'en',
    });
    expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toEqual(['/find-lawyer', '/cases', '/ai-chat']);

    const wanted = ['192x192 any', '512x512 any', '512x512 maskable'];
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual(wanted);
    for (const icon of manifest.icons) {
      const image = await page.request.get(new URL(icon.src, server.baseURL).href);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      expect(pngSize(await image.body())).toBe(icon.sizes);
    }
    await page.close();
  });

  it('precaches the shell and every lazily loaded route chunk', async () => {
    const page = await openPage('/');
    await waitForServiceWorker(page);
    const cached = await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.includes('precache'));
      if (!name) return [];
      const requests = await (await caches.open(name)).keys();
      return requests.map((request) => new URL(request.url).pathname);
    });
    const built = readdirSync(join(REPO_ROOT, 'dist', 'client', 'assets'))
      .filter((file) => /\.(js|css)$/.test(file))
      .map((file) => `/assets/${file}`);
    expect(built.length).toBeGreaterThan(2);
    expect(cached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest', ...built]));
    await page.close();
  });

  it('answers app navigations from the worker but leaves API navigations to the server', async () => {
    const page = await openPage('/');
    await waitForServiceWorker(page);

    const shell = await page.goto(new URL('/about', server.baseURL).href);
    expect(shell?.fromServiceWorker()).toBe(true);

    const api = await page.goto(new URL('/v1/health', server.baseURL).href);
    expect(api?.fromServiceWorker()).toBe(false);
    expect(api?.status()).toBe(200);
    expect(api?.headers()['content-type']).toMatch(/application\/json/);
    await page.close();
  });

  it('reloads a visited page offline, and opens visited and unvisited screens by deep link', async () => {
    const page = await openPage('/');
    await waitForServiceWorker(page);
    const homeHeading = await mainHeading(page);
    await page.goto(new URL('/about', server.baseURL).href);
    const aboutHeading = await mainHeading(page);
    expect(homeHeading).not.toBe('');
    expect(aboutHeading).not.toBe('');

    await phone.context.setOffline(true);
    try {
      await page.reload();
      expect(await mainHeading(page)).toBe(aboutHeading);
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);

      await page.goto(server.baseURL + '/');
      expect(await mainHeading(page)).toBe(homeHeading);

      // Never visited in this profile: its chunk must come from the precache, not the network.
      await page.goto(new URL('/contact', server.baseURL).href);
      expect(await mainHeading(page)).not.toBe('');
    } finally {
      await phone.context.setOffline(false);
    }
    await page.close();
  });
});

describe('first paint on a slow link', () => {
  /** Counts CSP refusals from the very start of every document of the context. */
  const COUNT_CSP_REFUSALS = `
    window.__lcCspRefusals = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__lcCspRefusals.push(event.violatedDirective + ' ' + (event.blockedURI || 'inline'));
    });
  `;
  const refusals = (page: Page) =>
    page.evaluate(() => (window as unknown as { __lcCspRefusals: string[] }).__lcCspRefusals);

  it('paints the app shell in the saved theme and language from the HTML alone, and the CSP refuses none of it', async () => {
    const browser = await launchBrowser();
    try {
      const context = await newPhoneContext(browser, { serviceWorkers: 'block' });
      await context.addInitScript(COUNT_CSP_REFUSALS);
      await context.addInitScript(() => {
        localStorage.setItem('theme', 'dark');
        localStorage.setItem('language', 'bn');
      });
      // No script file ever arrives: what shows is what index.html paints on its own.
      await context.route('**/assets/*.js', (route) => route.abort());
      const page = await context.newPage();
      await page.goto(server.baseURL + '/');
      const shell = page.getByRole('status');
      await expect.poll(() => shell.innerText()).toBe('LegalConnect খোলা হচ্ছে…');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
        'rgb(15, 23, 34)',
      );
      // The entry page's own route chunks were asked for next to the entry bundle (after the first
      // paint: scripts/prerender.mjs).
      const preloads = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href') ?? ''),
        );
      await expect
        .poll(async () => (await preloads()).some((href) => /\/assets\/home-page-[\w-]+\.js$/.test(href)))
        .toBe(true);
      expect(await refusals(page)).toEqual([]);

      // With its scripts, the app replaces the shell, and still nothing was refused.
      await context.unroute('**/assets/*.js');
      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
      expect(await page.locator('.lc-shell').count()).toBe(0);
      expect(await refusals(page)).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it('paints / and /login from the HTML alone for a first visitor, and the plain shell for a member', async () => {
    const browser = await launchBrowser();
    try {
      const context = await newPhoneContext(browser, { serviceWorkers: 'block' });
      await context.addInitScript(COUNT_CSP_REFUSALS);
      await context.route('**/assets/*.js', (route) => route.abort());
      const page = await context.newPage();
      // A first visitor: English, light, signed out. The pages' own text, before any script ran.
      const prerendered = page.locator('.lc-prerendered');
      await page.goto(server.baseURL + '/');
      await expect
        .poll(() => prerendered.locator('h1').innerText())
        .toBe('Find a verified lawyer in Bangladesh, and get legal answers today');
      expect(await page.locator('.lc-shell').isVisible()).toBe(false);
      await page.goto(server.baseURL + '/login');
      expect(await prerendered.locator('h1').innerText()).toBe('Sign in');
      expect(await refusals(page)).toEqual([]);

      // A member (a session stored in this browser) is not shown the marketing page on the way to
      // the dashboard: the plain shell instead.
      await page.evaluate(() => localStorage.setItem('auth_isLoggedIn', 'true'));
      await page.goto(server.baseURL + '/');
      expect(await prerendered.isVisible()).toBe(false);
      expect(await page.getByRole('status').innerText()).toBe('Opening LegalConnect…');
      expect(await refusals(page)).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
