/**
 * A runner whose writes go to a shared store (Redis in a cluster): it waits for each write
 * before anyone hears of the change, and once the store says another node owns the room (or
 * the node cannot prove its lease) it changes nothing and answers ROOM_UNAVAILABLE.
 */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createRoom, type PersistEffect } from '../rooms/index.ts';
import { FencedError, UnavailableError, type RoomLog } from './room-log.ts';
import { RoomRunner } from './room-runner.ts';
import { MemoryTransport } from '../../test-support/transport.ts';

const TIMINGS = { countdownMs: 0, graceMs: 60_000 };

/** A store whose commits resolve on the next tick; `fail` makes the next ones throw. */
function sharedStore(journal: unknown[]) {
  const control: { fail?: () => Error; commits: number } = { commits: 0 };
  const log: RoomLog = {
    commit: async (writes: readonly PersistEffect[]) => {
      control.commits += 1;
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (control.fail) throw control.fail();
      journal.push({ kind: 'commit', types: writes.map((w) => w.type) });
    },
  };
  return { log, control };
}

function setUp(proven = () => true) {
  const journal: unknown[] = [];
  const { log, control } = sharedStore(journal);
  const transport = new MemoryTransport(journal);
  const fenced: string[] = [];
  const runner = new RoomRunner(createRoom('ABCDE', TIMINGS, {}), {
    store: log,
    transport,
    log: pino({ level: 'silent' }),
    now: Date.now,
    onClose: () => undefined,
    onMove: () => undefined,
    proven: () => proven(),
    onFenced: (code) => fenced.push(code),
  });
  return { runner, journal, control, fenced };
}

const join = (runner: RoomRunner, n: number) =>
  runner.submit({
    type: 'join',
    connectionId: `c${n}`,
    nickname: `P${n}`,
    deviceId: `device-${n}`,
    sessionToken: undefined,
    newToken: `token-${n}-abcdefghijklmnop`,
  });

describe('a runner on a shared store', () => {
  it('tells nobody of a change before its asynchronous write has completed', async () => {
    const { runner, journal } = setUp();
    expect((await join(runner, 1)).ok).toBe(true);
    expect(journal[0]).toEqual({ kind: 'commit', types: ['persistRoom'] });
    expect(journal.slice(1).every((e) => (e as { kind: string }).kind === 'send')).toBe(true);
  });

  it('answers ROOM_UNAVAILABLE once fenced, tells nobody, and takes no command after', async () => {
    const { runner, journal, control, fenced } = setUp();
    await join(runner, 1);
    journal.length = 0;
    control.fail = () => new FencedError('ABCDE');
    const reply = await join(runner, 2);
    expect(reply.ok === false && reply.error.code).toBe('ROOM_UNAVAILABLE');
    expect(journal).toEqual([]);
    expect(fenced).toEqual(['ABCDE']);
    expect(runner.room.seats).toHaveLength(1);
    control.fail = undefined;
    const commits = control.commits;
    const after = await runner.submit({ type: 'ready', connectionId: 'c1', ready: true });
    expect(after.ok === false && after.error.code).toBe('ROOM_UNAVAILABLE');
    expect(control.commits).toBe(commits);
  });

  it('answers ROOM_UNAVAILABLE while the store is unreachable, and goes on once it is back', async () => {
    const { runner, journal, control, fenced } = setUp();
    await join(runner, 1);
    journal.length = 0;
    control.fail = () => new UnavailableError('Redis: connection lost');
    const reply = await join(runner, 2);
    expect(reply.ok === false && reply.error.code).toBe('ROOM_UNAVAILABLE');
    expect(journal).toEqual([]);
    expect(fenced).toEqual([]);
    control.fail = undefined;
    expect((await join(runner, 2)).ok).toBe(true);
  });

  it('refuses without writing while the node cannot prove it owns the room', async () => {
    let proven = true;
    const { runner, control } = setUp(() => proven);
    await join(runner, 1);
    proven = false;
    const commits = control.commits;
    const reply = await join(runner, 2);
    expect(reply.ok === false && reply.error.code).toBe('ROOM_UNAVAILABLE');
    expect(control.commits).toBe(commits);
    proven = true;
    expect((await join(runner, 2)).ok).toBe(true);
  });
});
