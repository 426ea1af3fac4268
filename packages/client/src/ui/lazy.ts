import { signal } from '@preact/signals';
import type { ComponentType } from 'preact';
import { reimporting } from './reimport.ts';

/**
 * A component loaded on first use, as its own chunk. `load()` starts the import once and
 * returns the component when it has arrived (undefined before); it reads a signal, so the
 * caller re-renders on arrival. `failed` holds the import error, if any; `retry()` (also run
 * when the browser comes back online) tries again, under a new URL if need be (reimport.ts). (preact/compat's `lazy` would pull compat
 * into the first load.)
 */
export function lazyComponent<P>(importer: () => Promise<ComponentType<P>>) {
  const current = signal<ComponentType<P> | undefined>(undefined);
  const failed = signal<unknown>(undefined);
  let started = false;
  const fetchAgain = reimporting(importer, (component) => component);
  const load = (): ComponentType<P> | undefined => {
    if (!started) {
      started = true;
      fetchAgain().then(
        (component) => (current.value = component),
        (error: unknown) => (failed.value = error),
      );
    }
    return current.value;
  };
  const retry = (): void => {
    if (failed.value === undefined) return;
    started = false;
    failed.value = undefined;
  };
  if (typeof window !== 'undefined') window.addEventListener('online', retry);
  return { load, failed, retry };
}
