/**
 * Test helpers for screens: a signed-in (or not) store, a memory router around the screen under
 * test, and a fake network speaking the /v1 envelope. Used only by *.test.tsx files.
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { AuthResponse, Role } from '../../contract/auth';
import { AppProviders } from './providers';
import { createAppStore } from './store';
import type { Lang } from '../lib/i18n';
import { writeStoredSession, type SessionUser } from '../lib/session/storage';

export function testUser(role: Role = 'USER', emailVerified = true): SessionUser {
  return {
    id: '0b6f0c52-6c0e-4b47-9c57-8d1a1c1f6d11',
    firstName: 'Ayesha',
    lastName: 'Rahman',
    email: 'ayesha@example.com',
    role,
    emailVerified,
    createdAt: '2025-01-01T00:00:00+06:00',
    updatedAt: '2025-01-01T00:00:00+06:00',
  };
}

export function authResponse(role: Role = 'USER', emailVerified = true, token = 'access-token'): AuthResponse {
  return { ...testUser(role, emailVerified), language: 'en', token, refreshToken: 'refresh-token' };
}

export function signInForTest(role: Role = 'USER', emailVerified = true): void {
  writeStoredSession({ token: 'access-token', refreshToken: 'refresh-token', user: testUser(role, emailVerified) });
}

export function envelope(
  status: number,
  body: {
    data?: unknown;
    error?: { message: string; reason?: string; fields?: unknown };
    message?: string;
    metadata?: unknown;
  },
  headers: Record<string, string> = {},
) {
  const payload = {
    version: 'v1',
    status,
    timestamp: '2025-01-01T00:00:00+06:00',
    path: '/v1/test',
    ...body,
    ...(body.error ? { error: { code: status, ...body.error } } : {}),
  };
  return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

/** Replaces fetch: `answer(call)` gives each response; every call is recorded in the returned list. */
export function fakeApi(answer: (call: FakeCall) => Response | Promise<Response>): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const text = await request.text();
      const call = {
        method: request.method,
        path: new URL(request.url).pathname,
        body: text ? JSON.parse(text) : null,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

export interface FakeRequest extends FakeCall {
  /** The query string as an object (`?page=1&size=10` → `{ page: '1', size: '10' }`). */
  query: Record<string, string>;
  authorization: string | null;
}

/**
 * Like `fakeApi`, but each recorded call also carries its query string and Authorization header,
 * for screens whose calls differ only in paging and filters. Non-JSON bodies are kept as text.
 */
export function fakeServer(answer: (call: FakeRequest) => Response | Promise<Response>): FakeRequest[] {
  const calls: FakeRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const text = await request.text();
      const url = new URL(request.url);
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      const call: FakeRequest = {
        method: request.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        authorization: request.headers.get('Authorization'),
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/** Shows where the router ended up, for assertions on navigation. */
function Landed() {
  const location = useLocation();
  return (
    <p data-testid="landed" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
      {location.hash}
    </p>
  );
}

/**
 * Renders `element` at `path` (which may carry a `?query`). `route` is the route's pattern when it
 * differs from the address (`/lawyers/:email/details`).
 */
export function renderScreen(
  path: string,
  element: ReactNode,
  { state, lang = 'en', route }: { state?: unknown; lang?: Lang; route?: string } = {},
) {
  if (lang === 'bn') localStorage.setItem('language', 'bn');
  const store = createAppStore();
  const [pathname = path, query] = path.split('?');
  const router = createMemoryRouter(
    [
      { path: route ?? pathname, element },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [{ pathname, search: query ? `?${query}` : '', state }] },
  );
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router };
}
