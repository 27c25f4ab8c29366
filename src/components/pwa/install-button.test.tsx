import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n';
import { InstallButton } from './install-button';
import { canAddToHomeScreenManually } from './install-prompt';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_FACEBOOK =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.40.97]';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

function standalone(matches: boolean) {
  window.matchMedia = vi.fn((query: string) => ({ matches, media: query }) as MediaQueryList);
}

afterEach(() => {
  act(() => {
    window.dispatchEvent(new Event('appinstalled'));
  });
  cleanup();
  vi.restoreAllMocks();
  standalone(false);
});

describe('InstallButton', () => {
  it('renders nothing while the browser offers no install', () => {
    const { container } = render(<InstallButton />);
    expect(container.innerHTML).toBe('');
  });

  it('appears when the browser offers an install, and opens the browser dialog once', async () => {
    render(<InstallButton />);
    const event = offerInstall();

    expect(event.defaultPrevented).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Install app' }));
    });
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
  });

  it('catches an offer made before it mounted', () => {
    offerInstall();
    render(<InstallButton />);
    expect(screen.getByRole('button', { name: 'Install app' })).toBeTruthy();
  });

  it('disappears once the app is installed', () => {
    render(<InstallButton />);
    offerInstall();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('stays hidden when already running from the home screen', () => {
    standalone(true);
    render(<InstallButton />);
    offerInstall();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('explains Add to Home Screen on iOS, in the chosen language', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    const { container } = render(
      <LanguageProvider initial="bn">
        <InstallButton />
      </LanguageProvider>,
    );
    const details = container.querySelector('details');
    expect(details?.querySelector('summary')?.textContent).toBe('অ্যাপ ইনস্টল করুন');
    expect(details?.textContent).toContain('হোম স্ক্রিনে যোগ করুন');
  });

  it('gives the steps as a list in English', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    const { container } = render(<InstallButton />);
    const steps = [...(container.querySelectorAll('details ol li') ?? [])].map((li) => li.textContent);
    expect(steps).toHaveLength(3);
    expect(steps[1]).toMatch(/^Choose “Add to Home Screen”/);
  });

  it('tells an iOS in-app browser to open the page in Safari first', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_FACEBOOK);
    const { container } = render(<InstallButton />);
    expect(container.querySelector('details')?.textContent).toContain('open this page in Safari');
  });
});

describe('canAddToHomeScreenManually', () => {
  it.each([
    ['iPhone Safari', IPHONE_SAFARI, 5, true],
    ['iPad in desktop mode', IPAD_DESKTOP_MODE, 5, true],
    ['a real Mac', IPAD_DESKTOP_MODE, 0, false],
    ["Facebook's in-app browser", IPHONE_FACEBOOK, 5, false],
    ['Android Chrome (has its own prompt)', ANDROID_CHROME, 5, false],
  ])('%s → %s', (_name, userAgent, touchPoints, expected) => {
    expect(canAddToHomeScreenManually(userAgent, touchPoints)).toBe(expected);
  });
});
