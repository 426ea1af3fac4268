import type { RoomView } from '@percent/protocol';
import { PlayerCounters } from './moves.ts';
import { Samples, Tally } from './stats.ts';

/**
 * What one room of simulated players measured, and the server's final view of it: all the
 * report needs, whether the room ran in this process or in a generator process (where it
 * crosses the IPC channel as `EncodedRoom`).
 */
export interface RoomOutcome {
  /** The room's number in the run: which nodes its seats sat on follows from it. */
  readonly index: number;
  readonly code: string;
  readonly players: readonly {
    readonly playerId: string | null;
    readonly counters: PlayerCounters;
  }[];
  /** The server's view of the room after the run (`room:sync`): every player's progress. */
  readonly final: RoomView;
}

type Encoded<T> = T extends Samples
  ? { values: number[]; times: number[] }
  : T extends Tally
    ? [string, number][]
    : T extends Map<infer K, infer V>
      ? [K, V][]
      : T;

/** A player's counters as plain data; times as epoch ms, so any process can read them. */
export type EncodedCounters = { [K in keyof PlayerCounters]: Encoded<PlayerCounters[K]> };

export interface EncodedRoom {
  readonly index: number;
  readonly code: string;
  readonly players: readonly {
    readonly playerId: string | null;
    readonly counters: EncodedCounters;
  }[];
  readonly final: RoomView;
}

/** performance.now() → epoch ms in this process, and back. */
const toEpoch = (at: number): number => at + performance.timeOrigin;
const fromEpoch = (epoch: number): number => epoch - performance.timeOrigin;

export function encodeRoom(room: RoomOutcome): EncodedRoom {
  return {
    index: room.index,
    code: room.code,
    final: room.final,
    players: room.players.map(({ playerId, counters }) => ({
      playerId,
      counters: encodeCounters(counters),
    })),
  };
}

export function decodeRoom(room: EncodedRoom): RoomOutcome {
  return {
    ...room,
    players: room.players.map(({ playerId, counters }) => ({
      playerId,
      counters: decodeCounters(counters),
    })),
  };
}

function encodeCounters(counters: PlayerCounters): EncodedCounters {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(counters)) {
    if (value instanceof Samples) {
      const values: number[] = [];
      const times: number[] = [];
      value.forEach((ms, at) => (values.push(ms), times.push(toEpoch(at))));
      out[key] = { values, times };
    } else if (value instanceof Tally) {
      const entries: [string, number][] = [];
      value.forEach((k, n) => entries.push([k, n]));
      out[key] = entries;
    } else if (value instanceof Map) {
      out[key] = [...(value as Map<unknown, unknown>)];
    } else {
      out[key] = key === 'lastSentAt' ? toEpoch(value as number) : value;
    }
  }
  return out as EncodedCounters;
}

function decodeCounters(encoded: EncodedCounters): PlayerCounters {
  const counters = new PlayerCounters();
  const target = counters as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(encoded)) {
    const current = target[key];
    if (current instanceof Samples) {
      const { values, times } = value as { values: number[]; times: number[] };
      values.forEach((ms, i) => current.add(ms, fromEpoch(times[i]!)));
    } else if (current instanceof Tally) {
      for (const [k, n] of value as [string, number][]) current.add(k, n);
    } else if (current instanceof Map) {
      for (const [k, v] of value as [unknown, unknown][]) current.set(k, v);
    } else {
      target[key] = key === 'lastSentAt' ? fromEpoch(value as number) : value;
    }
  }
  return counters;
}
