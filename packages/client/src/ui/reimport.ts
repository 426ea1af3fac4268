/**
 * A dynamic import that can be tried again after a network blip. Browsers may keep a chunk
 * whose fetch failed as failed for the page's lifetime (Chromium 150 does), so a second
 * `import()` of the same URL fails again without a request. A call after a failure first
 * tries the import as it is (browsers that forget failures load it there) and, if that fails
 * too, the chunk the error names under a new URL (`?retry=N`): a new module to the browser,
 * whose own imports that had loaded are shared with the page.
 */

/** The chunk URL in a failed dynamic import's message (Chromium, Firefox and Safari name it). */
export function failedChunkUrl(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/[^\s'"]+?\.m?js)(?:\?[^\s'"]*)?/.exec(message)?.[1];
}

let attempts = 0;

/**
 * `importer`, retried under a fresh URL when it fails again after an earlier failure;
 * `pick` takes what the caller wants from the module.
 */
export function reimporting<M, T>(
  importer: () => Promise<M>,
  pick: (module: M) => T,
): () => Promise<T> {
  let failedBefore = false;
  return async () => {
    try {
      const loaded = pick(await importer());
      failedBefore = false;
      return loaded;
    } catch (error) {
      const url = failedChunkUrl(error);
      if (!failedBefore || url === undefined) {
        failedBefore = true;
        throw error;
      }
      const fresh = (await import(/* @vite-ignore */ `${url}?retry=${++attempts}`)) as M;
      failedBefore = false;
      return pick(fresh);
    }
  };
}
