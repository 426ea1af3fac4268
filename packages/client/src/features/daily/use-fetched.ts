import { useEffect, useState } from 'preact/hooks';
import type { Fetched } from '../../net/daily-api.ts';

export type Loading<T> = { readonly state: 'loading' } | ({ readonly state: 'done' } & Fetched<T>);

/** Runs `load` when `key` changes (and on `retry`); a stale answer is dropped. */
export function useFetched<T>(key: string, load: () => Promise<Fetched<T>>) {
  const [answer, setAnswer] = useState<Loading<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setAnswer({ state: 'loading' });
    void load().then((fetched) => {
      if (live) setAnswer({ state: 'done', ...fetched });
    });
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render; `key` says when it asks something else.
  }, [key, attempt]);
  return { answer, retry: () => setAttempt((n) => n + 1) };
}
