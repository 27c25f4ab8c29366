/** React.lazy for modules with named exports (STYLE: no default exports). */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await load())[name] }));
}
