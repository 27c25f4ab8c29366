/**
 * Real Chromium for the end-to-end suites: Debian's build, driven by playwright-core (which never
 * downloads a browser). Every suite sees the app the way most of our users do: a mid-size phone in
 * Dhaka's time zone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

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

/**
 * For suites that hold a video call: Chromium's fake camera and microphone (no real devices, no
 * permission prompt), loopback candidates (a container may have no other interface) and plain IP
 * host candidates instead of mDNS names (no multicast in a container).
 */
export const CALL_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
  '--disable-features=WebRtcHideLocalIpsWithMdns',
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

// ---------------------------------------------------------------------------------------------
// Small page helpers shared by the journey suites. English texts from the catalogues, accessible
// locators only, and no fixed waits: each helper waits for the condition it needs.

/** The session keys of docs/product.md §3 as the page stores them (null when absent). */
export interface StoredAuth {
  auth_token: string | null;
  auth_isLoggedIn: string | null;
  auth_userType: string | null;
  auth_userInfo: string | null;
}

export function storedAuth(page: Page): Promise<StoredAuth> {
  return page.evaluate(() => ({
    auth_token: localStorage.getItem('auth_token'),
    auth_isLoggedIn: localStorage.getItem('auth_isLoggedIn'),
    auth_userType: localStorage.getItem('auth_userType'),
    auth_userInfo: localStorage.getItem('auth_userInfo'),
  }));
}

/**
 * Below 1024 px the header's links, language and theme controls fold into a menu button: open it
 * (if it is not open already) so they can be read and used the way a phone user does.
 */
export async function openHeaderMenu(page: Page): Promise<void> {
  const toggle = page.getByRole('banner').getByRole('button', { name: /^(Open|Close) menu$|^মেনু (খুলুন|বন্ধ করুন)$/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByRole('navigation', { name: /^(Main|প্রধান)$/ }).waitFor();
}

/** The header's navigation link texts, in order, as a phone user sees them in the opened menu. */
export async function headerNavItems(page: Page): Promise<string[]> {
  await openHeaderMenu(page);
  const links = page.getByRole('navigation', { name: /^(Main|প্রধান)$/ }).getByRole('link');
  const texts = await links.allInnerTexts();
  await page.keyboard.press('Escape');
  return texts.map((text) => text.trim());
}

/** Waits until the page's address has exactly this path (query and hash ignored). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

/** Signs in through /login and waits for the screen the app sends this account to. */
export async function signIn(
  page: Page,
  baseURL: string,
  email: string,
  password: string,
  landsOn: string,
): Promise<void> {
  await page.goto(new URL('/login', baseURL).href);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await waitForPath(page, landsOn);
  // The address changes first; the next screen's lazy chunk may still be on its way.
  await page.getByRole('heading', { level: 1, name: 'Sign in', exact: true }).waitFor({ state: 'detached' });
}

/** The call dialog's test hook: the call state's plain name (`connecting`, `connected`, …). */
export function callState(page: Page): Promise<string | null> {
  return page.getByTestId('call-state').textContent();
}

export async function waitForCallState(page: Page, state: string, timeout = 45_000): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.querySelector('[data-testid="call-state"]')?.textContent === wanted,
    state,
    { timeout },
  );
}

/** The other party's picture is playing in the call dialog: frames decoded, a size known. */
export async function waitForRemotePicture(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('video[data-testid="remote-video"]');
      return Boolean(video && video.readyState >= 2 && video.videoWidth > 0 && !video.paused);
    },
    undefined,
    { timeout: 30_000 },
  );
}

/**
 * Waits until `app` (signed in, its service worker in control) has recorded who is signed in on the
 * device, closes it so no window of the installed app remains, delivers `payload` to its service worker
 * through DevTools (as the browser's push service would), and returns what the worker then shows
 * ("title | body" each) once `done` holds for it. A blank tab stays open to talk to DevTools through.
 */
export async function pushWithNoWindow(
  context: BrowserContext,
  app: Page,
  baseURL: string,
  payload: unknown,
  done: (shown: string[]) => boolean,
): Promise<string[]> {
  const scope = new URL('/', baseURL).href;
  await app.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });
  // The app has recorded who is signed in on this device (the worker files pushes under them).
  await app.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('legalconnect');
        open.onsuccess = () => {
          const request = open.result.transaction('meta').objectStore('meta').get('currentUser');
          request.onsuccess = () => resolve(Boolean(request.result));
          request.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
  );
  const blank = await context.newPage();
  await app.close();
  const cdp = await context.newCDPSession(blank);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL).origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  const worker = context.serviceWorkers().find((sw) => sw.url().startsWith(new URL(baseURL).origin));
  if (!worker) throw new Error('no service worker of the app is running');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const shown = await worker.evaluate(async () => {
      // The worker's global, typed by hand: the e2e suites compile without the WebWorker lib.
      const self_ = self as unknown as {
        registration: { getNotifications(): Promise<{ title: string; body: string }[]> };
      };
      return (await self_.registration.getNotifications()).map((n) => `${n.title} | ${n.body}`);
    });
    if (done(shown) || Date.now() > deadline) {
      await cdp.detach();
      return shown;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
