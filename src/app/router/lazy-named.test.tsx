import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../providers';
import { createAppStore } from '../store';
import { lazyNamed } from './lazy-named';
import { appRoutes } from './router';
import { SCREENS, type ScreenName } from './route-table';

// The service-worker prompt needs the PWA plugin's virtual module, which only exists in a Vite build.
vi.mock('../../components/pwa/update-prompt', () => ({ UpdatePrompt: () => null }));
vi.mock('../../components/footer/footer', () => ({ Footer: () => <footer>site footer</footer> }));

const stubs = Object.fromEntries(SCREENS.map((s) => [s.name, <h1 key={s.name}>screen:{s.name}</h1>])) as Record<
  ScreenName,
  ReactNode
>;

function Home() {
  return <h1>The home screen</h1>;
}

/** A route chunk on a flaky link: the first `failures` downloads fail, the rest arrive. */
function flakyChunk(failures: number) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return { Home };
  });
  return load;
}

function openHome(element: ReactNode) {
  const router = createMemoryRouter(appRoutes({ ...stubs, home: element }), { initialEntries: ['/'] });
  render(
    <AppProviders store={createAppStore()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(() => {
  // React and the boundary report the crash on the console; the test looks at the screen instead.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => vi.restoreAllMocks());

describe('lazyNamed', () => {
  it('shows the error screen for a chunk that failed, and Try Again imports it again', async () => {
    const load = flakyChunk(1);
    const FlakyHome = lazyNamed(load, 'Home', []);
    openHome(<FlakyHome />);

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('An unexpected error occurred. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    });

    expect(await screen.findByRole('heading', { name: 'The home screen' })).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries a failed download again by itself before giving up', async () => {
    const load = flakyChunk(2);
    const FlakyHome = lazyNamed(load, 'Home', [1, 1]);
    openHome(<FlakyHome />);

    expect(await screen.findByRole('heading', { name: 'The home screen' })).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('imports afresh when the user comes back to a screen whose chunk had failed', async () => {
    const load = flakyChunk(1);
    const FlakyHome = lazyNamed(load, 'Home', []);
    const router = openHome(<FlakyHome />);
    await screen.findByRole('heading', { name: 'Something went wrong' });

    await act(() => router.navigate('/about'));
    await screen.findByRole('heading', { name: 'screen:about' });
    await act(() => router.navigate('/'));

    expect(await screen.findByRole('heading', { name: 'The home screen' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
