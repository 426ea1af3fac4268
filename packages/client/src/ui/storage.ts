/**
 * localStorage that never throws: private modes, full quotas and disabled storage just mean
 * nothing is remembered. Keys are prefixed `percent.`.
 */
const PREFIX = 'percent.';

export function readStored(key: string): string | undefined {
  try {
    return globalThis.localStorage?.getItem(PREFIX + key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: string | undefined): void {
  try {
    if (value === undefined) globalThis.localStorage?.removeItem(PREFIX + key);
    else globalThis.localStorage?.setItem(PREFIX + key, value);
  } catch {
    // Not remembered; the app works the same.
  }
}

/** Parsed JSON, or undefined when absent or unreadable. */
export function readStoredJson(key: string): unknown {
  const text = readStored(key);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
