/**
 * What this device remembers across reloads (localStorage, via ui/storage): a device id and
 * its secret made once, the last nickname, and the session token of each room's seat (to regain it after a
 * drop or a reload within the server's grace period).
 */
import { randomId } from '@percent/net';
import { DEVICE_HEADERS } from '@percent/protocol/rules';
import { readStored, readStoredJson, writeStored } from '../ui/storage.ts';

export { randomId };

export function deviceId(): string {
  const stored = readStored('device');
  if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
  const made = randomId(22);
  writeStored('device', made);
  return made;
}

/**
 * The device's secret, made once beside its id (about 130 random bits): the server binds the id to
 * it the first time it sees both, so the id alone no longer speaks for this device.
 */
export function deviceSecret(): string {
  const stored = readStored('deviceSecret');
  if (stored && /^[A-Za-z0-9_-]{22,64}$/.test(stored)) return stored;
  const made = randomId(22);
  writeStored('deviceSecret', made);
  return made;
}

/** The headers that name this device on `/api` requests (`DEVICE_HEADERS`). */
export const deviceHeaders = (): Record<string, string> => ({
  [DEVICE_HEADERS.id]: deviceId(),
  [DEVICE_HEADERS.secret]: deviceSecret(),
});

export const savedNickname = (): string => readStored('nickname') ?? '';
export const saveNickname = (nickname: string): void => writeStored('nickname', nickname.trim());

type Tokens = Record<string, string>;

function tokens(): Tokens {
  const stored = readStoredJson('sessions');
  if (typeof stored !== 'object' || stored === null) return {};
  return Object.fromEntries(
    Object.entries(stored).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

export const sessionTokenOf = (code: string): string | undefined => tokens()[code];

/** Keeps the token of a seat in `code` (undefined forgets it); only the last 20 rooms are kept. */
export function saveSessionToken(code: string, token: string | undefined): void {
  const others = Object.entries(tokens()).filter(([room]) => room !== code);
  const kept = [...others, ...(token === undefined ? [] : [[code, token]])].slice(-20);
  writeStored('sessions', JSON.stringify(Object.fromEntries(kept)));
}
