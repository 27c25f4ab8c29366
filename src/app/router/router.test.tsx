import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../contract/auth';
import { sessionEnded } from '../../lib/session/session-slice';
import { writeStoredSession } from '../../lib/session/storage';
import { AppProviders } from '../providers';
import { createAppStore } from '../store';
import { appRoutes } from './router';
import { SCREENS, type ScreenName } from './route-table';

// The service-worker prompt needs the PWA plugin's virtual module, which only exists in a Vite build.
vi.mock('../../components/pwa/update-prompt', () => ({ UpdatePrompt: () => null }));
vi.mock('../../components/footer/footer', () => ({ Footer: () => <footer>site footer</footer> }));

const stubs = Object.fromEntries(SCREENS.map((s) => [s.name, <h1 key={s.name}>screen:{s.name}</h1>])) as Record<
  ScreenName,
  ReactNode
>;

function signIn(role: Role, emailVerified = true) {
  writeStoredSession({
    token: 'token',
    refreshToken: 'refresh',
    user: {
      id: '0b6f0c52-6c0e-4b47-9c57-8d1a1c1f6d11',
      firstName: 'Nusrat',
      lastName: 'Jahan',
      email: 'nusrat@example.com',
      role,
      emailVerified,
      createdAt: '2025-01-01T00:00:00+06:00',
      updatedAt: '2025-01-01T00:00:00+06:00',
    },
  });
}

function open(path: string) {
  const store = createAppStore();
  const router = createMemoryRouter(appRoutes(stubs), { initialEntries: [path] });
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, store };
}

async function landsOn(router: ReturnType<typeof open>['router'], screenName: string) {
  expect(await screen.findByRole('heading', { name: `screen:${screenName}` })).toBeTruthy();
  return router.state.location;
}

describe('routes and guards', () => {
  it('sends a visitor from a protected route to /login, remembering it', async () => {
    const { router } = open('/cases?page=2');
    const location = await landsOn(router, 'login');
    expect(location.pathname).toBe('/login');
    expect(location.state).toEqual({ from: '/cases?page=2' });
  });

  it('sends an unverified user to /email-verification, remembering the target', async () => {
    signIn('USER', false);
    const { router } = open('/profile');
    const location = await landsOn(router, 'email-verification');
    expect(location.state).toEqual({ from: '/profile' });
  });

  it('lets an unverified user open a login-only route', async () => {
    signIn('USER', false);
    const { router } = open('/find-lawyer');
    await landsOn(router, 'find-lawyer');
  });

  it.each([
    ['USER', '/meetings', 'user-dashboard'],
    ['USER', '/lawyer/blogs', 'user-dashboard'],
    ['LAWYER', '/my-meetings', 'lawyer-dashboard'],
    ['ADMIN', '/meetings', 'admin-dashboard'],
    ['LAWYER', '/admin/feedback', 'lawyer-dashboard'],
  ] as const)('sends a %s from %s to their own dashboard', async (role, path, dashboard) => {
    signIn(role);
    const { router } = open(path);
    await landsOn(router, dashboard);
  });

  it('sends a verified user away from email verification', async () => {
    signIn('LAWYER');
    const { router } = open('/email-verification');
    expect((await landsOn(router, 'lawyer-dashboard')).pathname).toBe('/dashboard/lawyer');
  });

  it('sends a malformed AI session id to /ai-chat and keeps a good one', async () => {
    signIn('USER');
    const bad = open('/ai-chat/not-a-session');
    expect((await landsOn(bad.router, 'ai-chat')).pathname).toBe('/ai-chat');
  });

  it('opens a well-formed AI session', async () => {
    signIn('USER');
    const { router } = open('/ai-chat/session_1712345678_abc123');
    await landsOn(router, 'ai-chat-session');
  });

  it('applies the target guard after a footer alias redirect', async () => {
    const { router } = open('/scheduling');
    const location = await landsOn(router, 'login');
    expect(location.state).toEqual({ from: '/dashboard/user#calendar' });
  });

  it.each([
    ['USER', 'user-dashboard', '/dashboard/user', '#calendar'],
    ['LAWYER', 'lawyer-dashboard', '/dashboard/lawyer', '#calendar'],
    ['ADMIN', 'admin-dashboard', '/dashboard/admin', ''],
  ] as const)('sends a %s from /scheduling to their own dashboard', async (role, dashboard, pathname, hash) => {
    signIn(role);
    const { router } = open('/scheduling');
    const location = await landsOn(router, dashboard);
    expect(location.pathname).toBe(pathname);
    expect(location.hash).toBe(hash);
  });

  it('hides the footer on chat screens and shows it elsewhere', async () => {
    signIn('USER');
    const { router } = open('/chat/42');
    await landsOn(router, 'chat-conversation');
    expect(screen.queryByText('site footer')).toBeNull();
    await act(() => router.navigate('/cases'));
    await landsOn(router, 'cases');
    expect(screen.getByText('site footer')).toBeTruthy();
  });

  it('sends the user home, not to /login, after they sign out', async () => {
    signIn('USER');
    const { router, store } = open('/cases');
    await landsOn(router, 'cases');
    act(() => {
      store.dispatch(sessionEnded('logout'));
    });
    expect((await landsOn(router, 'home')).pathname).toBe('/');
  });

  it('shows a real 404 for unknown addresses', async () => {
    open('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
