/**
 * Language and theme (issue 2, docs/product.md §3 `language` / `theme`) in Debian's Chromium on a phone: the
 * header's Bangla switch turns the page into Bangla (texts, <html lang>, title), which survives a
 * reload and can be switched back; the theme toggle sets <html data-theme>, saves `theme` and
 * survives a reload; with nothing saved the page follows the system's light/dark preference.
 *
 * One server and one browser for the file; every test has its own context (own localStorage).
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerNavItems, launchBrowser, newPhoneContext, openHeaderMenu } from '../helpers/browser';
import { startServer, type E2EServer } from '../helpers/e2e-server';

const HERO_EN = 'Find a verified lawyer in Bangladesh, and get legal answers today';
const HERO_BN = 'বাংলাদেশে যাচাইকৃত আইনজীবী খুঁজুন, আজই পান আইনি প্রশ্নের উত্তর';
const VISITOR_EN = ['Home', 'Services', 'How It Works', 'About', 'Contact', 'Sign In', 'Sign Up'];
const VISITOR_BN = ['হোম', 'সেবাসমূহ', 'যেভাবে কাজ করে', 'আমাদের সম্পর্কে', 'যোগাযোগ', 'সাইন ইন', 'সাইন আপ'];

let server: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await server?.stop();
});

async function openHome(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await newPhoneContext(browser, options);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(new URL('/', server.baseURL).href);
  await heroTitle(page);
  return page;
}

/** The home page's hero heading, once the screen has rendered. */
async function heroTitle(page: Page, expected?: string): Promise<string> {
  const h1 = page.getByRole('heading', { level: 1, ...(expected ? { name: expected, exact: true } : {}) });
  await h1.waitFor();
  return (await h1.innerText()).trim();
}

const htmlAttribute = (page: Page, name: string) => page.locator('html').getAttribute(name);
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** The page's background colour: proof that the theme is not just an attribute nobody reads. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('English and Bangla', () => {
  it('switches to Bangla from the header, keeps it across a reload, and switches back', async () => {
    const page = await openHome();
    expect(await heroTitle(page)).toBe(HERO_EN);
    expect(await htmlAttribute(page, 'lang')).toBe('en');
    expect(await headerNavItems(page)).toEqual(VISITOR_EN);
    expect(await stored(page, 'language')).toBeNull();

    await openHeaderMenu(page);
    const bangla = page.getByRole('button', { name: 'বাংলায় দেখুন' });
    expect(await bangla.getAttribute('aria-pressed')).toBe('false');
    await bangla.click();

    await page.waitForFunction(() => document.documentElement.lang === 'bn');
    expect(await bangla.getAttribute('aria-pressed')).toBe('true');
    // The navigation drawer is modal (the page behind it is hidden from assistive technology while
    // it is open): close it to read the page.
    await page.keyboard.press('Escape');
    await heroTitle(page, HERO_BN);
    expect(await htmlAttribute(page, 'lang')).toBe('bn');
    expect(await stored(page, 'language')).toBe('bn');
    expect(await headerNavItems(page)).toEqual(VISITOR_BN);
    await page.waitForFunction(() => document.title.includes('বাংলাদেশে যাচাইকৃত আইনজীবী'));
    // The footer speaks Bangla too.
    expect(await page.getByRole('contentinfo').innerText()).not.toContain('All rights reserved');

    // Remembered: a reload (and another screen) opens in Bangla.
    await page.reload();
    await heroTitle(page, HERO_BN);
    expect(await htmlAttribute(page, 'lang')).toBe('bn');
    expect(await headerNavItems(page)).toEqual(VISITOR_BN);
    await page.goto(new URL('/login', server.baseURL).href);
    await page.getByRole('heading', { level: 1, name: 'সাইন ইন' }).waitFor();
    await page.getByLabel('ইমেইল', { exact: true }).waitFor();

    // And back to English.
    await openHeaderMenu(page);
    await page.getByRole('button', { name: 'Switch to English' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await htmlAttribute(page, 'lang')).toBe('en');
    expect(await stored(page, 'language')).toBe('en');
    await page.getByLabel('Email', { exact: true }).waitFor();
    expect(await headerNavItems(page)).toEqual(VISITOR_EN);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await htmlAttribute(page, 'lang')).toBe('en');
  });
});

describe('light and dark theme', () => {
  it('toggles to dark from the header, saves `theme`, keeps it across a reload, and toggles back', async () => {
    const page = await openHome({ colorScheme: 'light' });
    expect(await htmlAttribute(page, 'data-theme')).toBe('light');
    expect(await stored(page, 'theme')).toBeNull();
    const lightBackground = await background(page);

    await openHeaderMenu(page);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await stored(page, 'theme')).toBe('dark');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#27374D');
    expect(await background(page)).not.toBe(lightBackground);
    // The button now offers the way back.
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();

    await page.reload();
    await heroTitle(page, HERO_EN);
    expect(await htmlAttribute(page, 'data-theme')).toBe('dark');
    expect(await background(page)).not.toBe(lightBackground);

    await openHeaderMenu(page);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    expect(await stored(page, 'theme')).toBe('light');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0693e3');
    expect(await background(page)).toBe(lightBackground);
  });

  it('follows the system preference while no theme is saved, and a saved choice wins over it', async () => {
    const page = await openHome({ colorScheme: 'dark' });
    expect(await htmlAttribute(page, 'data-theme')).toBe('dark');
    expect(await stored(page, 'theme')).toBeNull();
    await openHeaderMenu(page);
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();

    // The system changes its mind: the page follows at once.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');

    // Once the user chooses, the choice holds even though the system still says dark.
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await page.reload();
    await heroTitle(page, HERO_EN);
    expect(await htmlAttribute(page, 'data-theme')).toBe('light');
    expect(await stored(page, 'theme')).toBe('light');
  });
});
