/**
 * React.lazy for modules with named exports (docs/architecture.md, House style: no default exports), made to survive a flaky
 * link. React.lazy remembers a failed import for the life of the page, so a route chunk that failed
 * to download once on 2G would keep its screen broken until a full reload. Here a failed import is
 * tried again a couple of times with a short backoff; if it still fails, the error screen's
 * "Try Again" swaps in a fresh lazy component, which imports once more.
 *
 * A browser that still remembers failed module fetches itself (whatwg/html#6768, changed by
 * whatwg/html#10327) answers a repeated import() of the same chunk from that memory; there only
 * "Reload Page" helps.
 */
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { whenRetried } from '../../components/error-boundary/retryable';

/** The waits before the second and the third attempt. */
export const IMPORT_RETRY_DELAYS_MS: readonly number[] = [500, 1500];

async function withRetries<T>(load: () => Promise<T>, delaysMs: readonly number[]): Promise<T> {
  for (const delay of delaysMs) {
    try {
      return await load();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return load();
}

export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  retryDelaysMs: readonly number[] = IMPORT_RETRY_DELAYS_MS,
): ComponentType<P> {
  const create = (): LazyExoticComponent<ComponentType<P>> => {
    const attempt = lazy(async () => {
      try {
        return { default: (await withRetries(load, retryDelaysMs))[name] };
      } catch (error) {
        whenRetried(error, () => {
          if (current === attempt) current = create();
        });
        throw error;
      }
    });
    return attempt;
  };
  let current = create();

  function LazyNamed(props: P) {
    return createElement(current, props);
  }
  LazyNamed.displayName = `LazyNamed(${name})`;
  return LazyNamed;
}
