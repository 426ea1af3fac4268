import { ClientEvent, type ClientEventName } from '@percent/protocol';
import type { Rng } from '@percent/engine';

/**
 * Malformed payloads for every client event, from a seeded generator: structure-aware
 * mutations of a valid payload (a field of the wrong type, out of range, missing, or odd keys
 * added) and payloads that are not objects at all. The same seed gives the same payloads.
 */

/** A valid payload per event, the starting point of the mutations. */
const VALID: Record<ClientEventName, Record<string, unknown>> = {
  'room:create': {
    nickname: 'Ann',
    deviceId: 'device-fuzz-0001',
    plays: true,
    settings: {
      variant: 'percent',
      maxPlayers: 4,
      mistakes: { kind: 'penalty', seconds: 5 },
      idleOutSec: 120,
    },
  },
  'room:join': {
    code: 'KQZTM',
    nickname: 'Bob',
    deviceId: 'device-fuzz-0002',
    sessionToken: 'abcdefghijklmnopqrstuvwx',
  },
  'room:spectate': { code: 'KQZTM', deviceId: 'device-fuzz-0003' },
  'room:leave': {},
  'room:sync': {},
  'room:ready': { ready: true },
  'room:play': { plays: false },
  'room:settings': { settings: { maxPlayers: 4, timeLimitSec: 600 } },
  'room:kick': { playerId: 'p2' },
  'room:host': { playerId: 'p2' },
  'room:puzzle': { puzzle: `${'0'.repeat(40)}5${'0'.repeat(40)}` },
  'room:react': { emoji: '👏' },
  'race:start': {},
  'race:move': { moveId: 'm-1', cell: 3, digit: 4 },
  'tournament:start': { rounds: 3 },
  'tournament:end': {},
  'team:set': { playerId: 'p2', team: 1 },
  'team:balance': {},
  'race:rematch': {},
  'race:end': {},
  'race:forfeit': {},
  'history:get': { deviceId: 'device-fuzz-0004', limit: 5 },
  'leaderboard:get': { code: 'KQZTM', limit: 5 },
};

export const EVENTS = Object.values(ClientEvent);
export const UNKNOWN_EVENTS = [
  'room:nope',
  '',
  '__proto__',
  'constructor',
  'toString',
  'x'.repeat(300),
  '房间:加入',
  'race:move ',
];

function nested(depth: number): unknown {
  return depth === 0 ? 'deep' : { a: [nested(depth - 1)] };
}

/** Values that break a field: wrong types, out of range, odd strings, odd shapes. */
const JUNK: readonly unknown[] = [
  null,
  -1,
  81,
  1e308,
  -0,
  3.5,
  'NaN',
  '',
  ' ',
  'x'.repeat(3000),
  '\u0000\u0007\u001b[2J',
  '💥'.repeat(40),
  '<script>alert(1)</script>',
  "'; DROP TABLE races; --",
  [],
  {},
  [1, 2, 3],
  nested(12),
  true,
  false,
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
];

/** Not an object at all. */
const NOT_OBJECTS: readonly unknown[] = [null, 0, 42, 'room', '', true, [], [{}], 'x'.repeat(2000)];

/** One malformed payload for `event` (or for a valid template when `event` is unknown). */
export function malformed(event: string, rng: Rng): unknown {
  const template = Object.hasOwn(VALID, event)
    ? VALID[event as ClientEventName]
    : VALID['race:move'];
  const roll = rng.next();
  if (roll < 0.15) return pick(NOT_OBJECTS, rng);
  const payload = structuredClone(template);
  const keys = Object.keys(payload);
  if (roll < 0.25 || keys.length === 0) {
    const key = pick(['__proto__', 'constructor', 'extra', 'toString', 'code'], rng);
    Object.defineProperty(payload, key, { value: pick(JUNK, rng), enumerable: true });
    if (keys.length === 0) payload.settings = pick(JUNK, rng);
    return payload;
  }
  const key = pick(keys, rng);
  if (roll < 0.35) Reflect.deleteProperty(payload, key);
  else if (roll < 0.45 && isObject(payload[key])) breakInside(payload[key], rng);
  else payload[key] = pick(JUNK, rng);
  return payload;
}

function breakInside(inner: Record<string, unknown>, rng: Rng): void {
  const keys = Object.keys(inner);
  if (keys.length === 0) return;
  inner[pick(keys, rng)] = pick(JUNK, rng);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function pick<T>(items: readonly T[], rng: Rng): T {
  return items[rng.int(items.length)]!;
}
