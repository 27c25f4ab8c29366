import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../contract/auth';
import { ROLE_NAMES } from '../../../contract/enums';
import { AppProviders } from '../../app/providers';
import { createAppStore } from '../../app/store';
import { onSignOutWarning } from '../../lib/session/session-end';
import { writeStoredSession } from '../../lib/session/storage';
import { Header } from './header';
import { headerMessages } from './header-messages';
import { navItemsFor } from './nav-items';

function signIn(role: Role) {
  writeStoredSession({
    token: 'token',
    refreshToken: 'refresh',
    user: {
      id: '0b6f0c52-6c0e-4b47-9c57-8d1a1c1f6d11',
      firstName: 'Karim',
      lastName: 'Hossain',
      email: 'karim@example.com',
      role,
      emailVerified: true,
      createdAt: '2025-01-01T00:00:00+06:00',
      updatedAt: '2025-01-01T00:00:00+06:00',
    },
  });
}

function renderHeader(path = '/somewhere') {
  const store = createAppStore();
  const router = createMemoryRouter(
    [
      { path: '/', element: <Header /> },
      { path: '*', element: <Header /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router };
}

function navLabels(): string[] {
  const nav = screen.getByRole('navigation');
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

afterEach(() => vi.unstubAllGlobals());

describe('header navigation (docs/product.md §2)', () => {
  it('shows visitors the public links', () => {
    renderHeader();
    expect(navLabels()).toEqual(['Home', 'Services', 'How It Works', 'About', 'Contact', 'Sign In', 'Sign Up']);
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
  });

  it.each([
    [
      'USER',
      [
        'Dashboard',
        'My Cases',
        'Find Lawyers',
        'My meetings',
        'My bookings',
        'Law Insights',
        'Legal Chat (AI)',
        'Profile',
      ],
    ],
    ['LAWYER', ['Dashboard', 'Client Cases', 'Meetings', 'My posts', 'Law Insights', 'AI assistant', 'Profile']],
    ['ADMIN', ['Admin Dashboard', 'Manage Lawyers', 'Feedback', 'Complaints']],
  ] as const)('shows a %s their links', (role, labels) => {
    signIn(role);
    renderHeader();
    expect(navLabels()).toEqual(labels);
  });

  it('links the admin menu to its routes', () => {
    expect(navItemsFor('ADMIN').map((i) => i.to)).toEqual([
      '/dashboard/admin',
      '/admin/lawyers',
      '/admin/feedback',
      '/admin/complaints',
    ]);
  });

  it('switches to Bangla and remembers it', () => {
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'বাংলায় দেখুন' }));
    expect(navLabels()).toContain('হোম');
    expect(localStorage.getItem('language')).toBe('bn');
    expect(document.documentElement.lang).toBe('bn');
  });

  it('toggles and saves the theme', () => {
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});

describe('role names in the user menu', () => {
  it.each(['USER', 'LAWYER', 'ADMIN'] as const)('match the contract display names for %s', (role) => {
    expect(headerMessages.en[`role${role}`]).toBe(ROLE_NAMES[role].en);
    expect(headerMessages.bn[`role${role}`]).toBe(ROLE_NAMES[role].bn);
  });
});

/** The drawer and the user menu are lazy chunks; under a loaded CI machine they take seconds, not 1 s. */
const LAZY_CHUNK_MS = 10_000;

describe('mobile navigation drawer', () => {
  it('opens with focus on its first link, closes on Escape and returns focus to the button', async () => {
    renderHeader();
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Close menu');
    const drawer = await vi.waitFor(
      () => {
        const panel = document.getElementById('header-panel');
        if (!panel) throw new Error('the drawer is not open yet');
        return panel;
      },
      { timeout: LAZY_CHUNK_MS },
    );
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Home'), { timeout: LAZY_CHUNK_MS });
    expect(within(drawer).getByRole('navigation', { name: 'Main' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    await vi.waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    await vi.waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('closes when a link is followed', async () => {
    const { router } = renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await vi.waitFor(() => expect(document.getElementById('header-panel')).not.toBeNull(), { timeout: LAZY_CHUNK_MS });
    await act(() => router.navigate('/about'));
    // While the drawer slides away the rest of the page is still aria-hidden, hence `hidden`.
    expect(screen.getByRole('button', { name: 'Open menu', hidden: true }).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('user menu', () => {
  it('shows initial, name, email and user type, and signs out to /', async () => {
    signIn('LAWYER');
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            version: 'v1',
            status: 200,
            data: 'Logout successful',
            timestamp: 'now',
            path: '/v1/user/logout',
          }),
          {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { store, router } = renderHeader('/profile');

    // The menu is a lazy chunk: on a busy machine it can take seconds to arrive.
    const button = await screen.findByRole('button', { name: 'Account menu for Karim Hossain' });
    expect(button.textContent).toBe('K');
    fireEvent.click(button);
    const panel = document.getElementById('user-menu-panel') as HTMLElement;
    expect(within(panel).getByText('Karim Hossain')).toBeTruthy();
    expect(within(panel).getByText('karim@example.com')).toBeTruthy();
    expect(within(panel).getByText('Lawyer')).toBeTruthy();

    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Sign Out' }));
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('auth_isLoggedIn')).toBeNull();
  });

  it('warns first when signing out would delete unsent messages: Cancel keeps the session, Sign out anyway ends it', async () => {
    signIn('USER');
    const fetchMock = vi.fn(async () => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetchMock);
    const warning = 'You have 2 unsent messages. Signing out deletes them from this device.';
    const off = onSignOutWarning(async (lang) => (lang === 'en' ? warning : null));
    const silent = onSignOutWarning(async () => null);
    try {
      const { store, router } = renderHeader('/profile');
      fireEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
      });
      const dialog = await screen.findByRole('alertdialog', { name: 'Sign Out' });
      expect(within(dialog).getByText(warning)).toBeTruthy();
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(fetchMock).not.toHaveBeenCalled();
      expect(store.getState().session.token).toBe('token');

      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(store.getState().session.token).toBe('token');
      expect(router.state.location.pathname).toBe('/profile');

      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
      });
      await act(async () => {
        fireEvent.click(await screen.findByRole('button', { name: 'Sign out anyway' }));
      });
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(store.getState().session.token).toBeNull();
    } finally {
      off();
      silent();
    }
  });

  it('signs out even when the logout call fails', async () => {
    signIn('USER');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const { store, router } = renderHeader('/profile');
    fireEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().session.token).toBeNull();
  });
});
