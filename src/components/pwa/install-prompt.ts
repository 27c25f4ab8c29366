/**
 * Holds the browser's deferred install prompt. Chromium fires `beforeinstallprompt` once, possibly
 * before any React component has mounted, so the listener is attached when this module loads and
 * components read the result through `useSyncExternalStore`.
 */

/** Chromium's event; not in TypeScript's DOM library. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function set(next: BeforeInstallPromptEvent | null): void {
  deferred = next;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar from covering the page on small screens; our button offers
    // the same prompt where the user expects it.
    event.preventDefault();
    set(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => set(null));
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getInstallPrompt(): BeforeInstallPromptEvent | null {
  return deferred;
}

/** Shows the browser's install dialog. An event can prompt only once, so it is spent here. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  set(null);
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome;
}

/** Already running from the home screen (Android/desktop display-mode, or iOS's own flag). */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const displayMode =
    typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return displayMode || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/**
 * iOS browsers never fire `beforeinstallprompt`; users install through Share → Add to Home Screen.
 * In-app browsers (Facebook, Instagram, Line — how many links reach users here) cannot add to the
 * home screen, and they lack the `Safari/` token that real iOS browsers carry, so they get no hint.
 */
export function canAddToHomeScreenManually(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !/FBAN|FBAV|Instagram|Line\//.test(userAgent);
}

/** An iOS in-app browser (Facebook, Instagram, Line): it cannot install, but Safari can. */
export function isIosInAppBrowser(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /FBAN|FBAV|Instagram|Line\//.test(userAgent);
}
