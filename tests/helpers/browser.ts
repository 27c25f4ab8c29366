/**
 * Real Chromium for the end-to-end suites: Debian's build, driven by playwright-core (which never
 * downloads a browser). Every suite sees the app the way most of our users do: a mid-size phone in
 * Dhaka's time zone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Flags for a quiet, deterministic headless run in a container: no sandbox (we run as root), no GPU,
 * no QUIC (its UDP sockets misbehave in some CI networks), and no background traffic to Google
 * services that would slow start-up or make offline tests flaky.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A typical Android phone in Bangladesh: 390 × 844 CSS px, touch, English UI, Dhaka time. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
  timezoneId: 'Asia/Dhaka',
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
}

/** A fresh, isolated phone context (own cookies, storage and service workers). */
export function newPhoneContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, ...options });
}

export interface PersistentPhone {
  context: BrowserContext;
  userDataDir: string;
  /** Closes the browser and deletes its profile. */
  close(): Promise<void>;
}

/**
 * A phone backed by a real on-disk profile in a fresh temp directory, for tests where service
 * workers, caches, IndexedDB and granted permissions must behave exactly as in an installed app.
 */
export async function launchPersistentPhone(options: BrowserContextOptions = {}): Promise<PersistentPhone> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'legalconnect-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROME_PATH,
    args: CHROMIUM_ARGS,
    ...PHONE,
    ...options,
  });
  return {
    context,
    userDataDir,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
