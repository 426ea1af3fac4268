import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PROGRESS_BATCH_MS,
  type MoveReply,
  type ProgressBatch,
  type ProgressEvent,
  type RoomView,
  type SeatReply,
} from '@percent/protocol';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BLANK_CELLS,
  digitAt,
  DRAW,
  FAIRNESS,
  SECRET,
  SOLUTION,
  wrongAt,
} from '../../test-support/rooms.ts';
import { openStore, type Store } from '../store/store.ts';
import { RoomRegistry } from './registry.ts';
import type { RoomRunner } from './room-runner.ts';
import { MemoryTransport, type Sent } from '../../test-support/transport.ts';

const silent = pino({ level: 'silent' });
const TIMINGS = { countdownMs: 0, graceMs: 60_000 };
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A store that writes to `journal` after each commit, and fails while `failing` is set. */
function recording(store: Store, journal: unknown[]) {
  const control = { failing: false };
  const proxy = new Proxy(store, {
    get(target, property) {
      if (property === 'commit') {
        return (writes: Parameters<Store['commit']>[0]) => {
          if (control.failing) throw new Error('disk I/O error');
          target.commit(writes);
          journal.push({ kind: 'commit', types: writes.map((w) => w.type) });
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: proxy, control };
}

function setUp(store: Store = openStore({ memory: true })) {
  const journal: unknown[] = [];
  const recorded = recording(store, journal);
  const transport = new MemoryTransport(journal);
  const rooms = new RoomRegistry({ ...recorded, transport, timings: TIMINGS, log: silent });
  return { rooms, transport, journal, control: recorded.control, store };
}

const seat = (runner: RoomRunner, n: number, sessionToken?: string) =>
  runner.submit({
    type: 'join',
    connectionId: `c${n}`,
    nickname: `P${n}`,
    deviceId: `device-${n}`,
    sessionToken,
    newToken: `token-${n}-abcdefghijklmnop`,
  });

/** Two players in a racing room (countdown 0), the race's puzzle being the fixture's. */
async function racingRoom(rooms: RoomRegistry): Promise<RoomRunner> {
  const runner = rooms.open({ timeLimitSec: null });
  await seat(runner, 1);
  await seat(runner, 2);
  await runner.submit({ type: 'ready', connectionId: 'c2', ready: true });
  expect(await runner.startRace('c1', () => Promise.resolve(DRAW))).toEqual({ ok: true });
  await new Promise((resolve) => setTimeout(resolve, 20)); // the countdown timer fires
  expect(runner.room.phase).toBe('racing');
  return runner;
}

/** The events of each `race:progress` a connection received, in order. */
const progressTo = (transport: MemoryTransport, to: string): ProgressEvent[][] =>
  transport
    .received(to)
    .flatMap((s) =>
      s.kind === 'send' && s.event === 'race:progress' ? [(s.payload as ProgressBatch).events] : [],
    );

const move = (runner: RoomRunner, n: number, cell: number, digit: number, moveId: string) =>
  runner.submit({ type: 'move', connectionId: `c${n}`, moveId, cell, digit });

const isFinishedState = (entry: unknown): boolean =>
  (entry as Sent).kind === 'send' &&
  (entry as Sent & { kind: 'send' }).event === 'room:state' &&
  ((entry as Sent & { kind: 'send' }).payload as RoomView).phase === 'finished';

describe('a room runner', () => {
  it('stores each move before anyone hears of it, and the race before the standings', async () => {
    const { rooms, journal } = setUp();
    const runner = await racingRoom(rooms);
    await runner.submit({ type: 'leave', connectionId: 'c2' });
    journal.length = 0;
    for (const cell of BLANK_CELLS) await move(runner, 1, cell, digitAt(cell), `a${cell}`);
    const kinds = journal.map((e) => (e as { kind: string }).kind);
    expect(kinds[0]).toBe('commit');
    const finishedAt = journal.findIndex(isFinishedState);
    const raceStored = journal.findIndex((e) =>
      ((e as { types?: string[] }).types ?? []).includes('persistRace'),
    );
    expect(raceStored).toBeGreaterThanOrEqual(0);
    expect(finishedAt).toBeGreaterThan(raceStored);
    expect(journal.filter(isFinishedState)).toHaveLength(1); // the one player left
    expect(journal[raceStored]).toEqual({
      kind: 'commit',
      types: ['persistMove', 'persistRace', 'persistRoom'],
    });
  });

  it('answers a retry sent while its move waits in the group-commit window only once it is stored', async () => {
    const { rooms, journal } = setUp();
    const runner = await racingRoom(rooms);
    const [first, second] = BLANK_CELLS;
    // A move just stored opens a window: the next commands wait for its end (4 ms).
    await move(runner, 1, first!, digitAt(first!), 'w1');
    journal.length = 0;
    const said = (label: string) => (reply: { ok: boolean; duplicate?: boolean }) =>
      journal.push({ kind: 'reply', label, ok: reply.ok, duplicate: reply.duplicate });
    // The same move twice at once (a client retrying on a second socket), and another's move.
    await Promise.all([
      move(runner, 1, second!, digitAt(second!), 'w2').then(said('original')),
      move(runner, 1, second!, digitAt(second!), 'w2').then(said('retry')),
      move(runner, 2, first!, digitAt(first!), 'v1').then(said('other')),
    ]);
    const order = journal.filter((e) => ['commit', 'reply'].includes((e as { kind: string }).kind));
    expect(order).toEqual([
      { kind: 'commit', types: ['persistMove'] },
      { kind: 'reply', label: 'original', ok: true, duplicate: false },
      { kind: 'reply', label: 'retry', ok: true, duplicate: true },
      { kind: 'commit', types: ['persistMove'] },
      { kind: 'reply', label: 'other', ok: true, duplicate: false },
    ]);
  });

  it('answers INTERNAL when a write fails, leaving the room as it was and telling nobody', async () => {
    const { rooms, journal, control } = setUp();
    const runner = await racingRoom(rooms);
    const before = runner.room;
    journal.length = 0;
    control.failing = true;
    const reply = await move(runner, 1, BLANK_CELLS[0]!, wrongAt(BLANK_CELLS[0]!), 'x');
    expect(reply).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(runner.room).toBe(before);
    expect(journal).toEqual([]);
    control.failing = false;
    const retried = await move(runner, 1, BLANK_CELLS[0]!, wrongAt(BLANK_CELLS[0]!), 'x');
    expect(retried).toMatchObject({ ok: true, duplicate: false, progress: { mistakes: 1 } });
  });

  it('tells a connection whose seat another one took that it was replaced', async () => {
    const { rooms, transport } = setUp();
    const runner = rooms.open();
    const first = (await seat(runner, 1)) as SeatReply & { ok: true };
    const again = await runner.submit({
      type: 'join',
      connectionId: 'c9',
      nickname: 'P1',
      deviceId: 'device-1',
      sessionToken: first.sessionToken!,
      newToken: 'unused-token-abcdefghijk',
    });
    expect(again).toMatchObject({ ok: true, playerId: 'p1' });
    expect(transport.received('c1').at(-1)).toEqual({
      kind: 'end',
      to: 'c1',
      event: { reason: 'replaced', message: expect.stringContaining('another tab') },
    });
    expect(runner.isMember('c1')).toBe(false);
    expect(runner.isMember('c9')).toBe(true);
  });

  it('sends players their progress without a board, and no digit of anyone else', async () => {
    const { rooms, transport } = setUp();
    const runner = await racingRoom(rooms);
    const cell = BLANK_CELLS[0]!;
    const reply = (await move(runner, 2, cell, digitAt(cell), 'b')) as MoveReply & { ok: true };
    expect(reply.verdict).toBe('correct');
    const toAnn = transport.received('c1').filter((s) => s.kind === 'send');
    expect(toAnn.at(-1)).toMatchObject({
      event: 'race:progress',
      payload: { events: [{ playerId: 'p2', board: null, progress: { filled: 1 } }] },
    });
    for (const sent of toAnn) expect(JSON.stringify(sent)).not.toContain(SOLUTION);
    // Bob hears of his own move in its acknowledgement only.
    expect(progressTo(transport, 'c2')).toEqual([]);
  });

  it('batches the others’ progress: the first at once, then one message per window', async () => {
    const { rooms, transport } = setUp();
    const runner = rooms.open({ timeLimitSec: null });
    for (const n of [1, 2, 3]) await seat(runner, n);
    for (const n of [2, 3])
      await runner.submit({ type: 'ready', connectionId: `c${n}`, ready: true });
    expect(await runner.startRace('c1', () => Promise.resolve(DRAW))).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [a, b, c] = BLANK_CELLS;
    await move(runner, 2, a!, digitAt(a!), 'b1');
    const ids = (to: string) =>
      progressTo(transport, to).map((batch) => batch.map((e) => e.playerId));
    expect(ids('c1')).toEqual([['p2']]);
    expect(ids('c3')).toEqual([['p2']]);
    // Within the window: Bob again, then Cid; nobody is told yet.
    await move(runner, 2, b!, digitAt(b!), 'b2');
    await move(runner, 3, c!, wrongAt(c!), 'c1');
    expect(ids('c1')).toEqual([['p2']]);
    await new Promise((resolve) => setTimeout(resolve, PROGRESS_BATCH_MS + 50));
    expect(ids('c1')).toEqual([['p2'], ['p2', 'p3']]);
    expect(ids('c2')).toEqual([['p3']]);
    expect(ids('c3')).toEqual([['p2'], ['p2']]);
    const latest = progressTo(transport, 'c1').at(-1)!;
    expect(latest.map((e) => [e.progress.filled, e.progress.mistakes])).toEqual([
      [2, 0],
      [0, 1],
    ]);
  });

  it('drops a waiting batch when a room:state to everyone supersedes it', async () => {
    const { rooms, transport } = setUp();
    const runner = await racingRoom(rooms);
    const [a, b] = BLANK_CELLS;
    await move(runner, 2, a!, digitAt(a!), 'b1'); // told at once
    await move(runner, 2, b!, digitAt(b!), 'b2'); // waits for the window
    await runner.submit({ type: 'forfeit', connectionId: 'c2' }); // room:state to all
    await new Promise((resolve) => setTimeout(resolve, PROGRESS_BATCH_MS + 50));
    const toAnn = transport.received('c1').filter((s) => s.kind === 'send');
    const lastState = toAnn.findLastIndex((s) => s.event === 'room:state');
    expect(progressTo(transport, 'c1')).toHaveLength(1);
    expect(toAnn.slice(lastState + 1)).toEqual([]);
    const view = toAnn[lastState]!.payload as RoomView;
    expect(view.players.find((p) => p.id === 'p2')!.race).toMatchObject({
      status: 'forfeited',
      progress: { filled: 2 },
    });
  });
});

describe('the registry', () => {
  it('forgets a room its creator never took a seat in, and only such a room', async () => {
    const { rooms } = setUp();
    const empty = rooms.open();
    rooms.discardIfEmpty(empty.code);
    expect(rooms.find(empty.code)).toBeUndefined();
    const used = rooms.open();
    await seat(used, 1);
    rooms.discardIfEmpty(used.code);
    expect(rooms.find(used.code)).toBe(used);
    expect(rooms.size).toBe(1);
  });
});

describe('a shutdown', () => {
  it('leaves later commands unanswered and unwritten, so clients re-send them after the restart', async () => {
    const { rooms, journal } = setUp();
    const runner = await racingRoom(rooms);
    await rooms.shutdown();
    journal.length = 0;
    const cell = BLANK_CELLS[0]!;
    const reply = move(runner, 1, cell, digitAt(cell), 'late');
    const outcome = await Promise.race([
      reply,
      new Promise((resolve) => setTimeout(() => resolve('no answer'), 100)),
    ]);
    expect(outcome).toBe('no answer');
    expect(journal).toEqual([]);
    expect(runner.room.race!.moves).toHaveLength(0);
  });
});

describe('restoring rooms from the store', () => {
  it('brings back every acknowledged move after a crash (no shutdown, no final write)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'percent-runner-'));
    dirs.push(dataDir);
    const before = setUp(openStore({ dataDir }));
    const runner = await racingRoom(before.rooms);
    await move(runner, 1, BLANK_CELLS[0]!, digitAt(BLANK_CELLS[0]!), 'a');
    await move(runner, 2, BLANK_CELLS[1]!, wrongAt(BLANK_CELLS[1]!), 'b');
    const acked = runner.room;
    // The process dies here: the store is closed without anything else being written.
    before.store.close();
    const after = setUp(openStore({ dataDir }));
    expect(await after.rooms.restore()).toBe(1);
    const back = after.rooms.find(acked.code)!;
    expect(back.room.race).toEqual(acked.race);
    expect((await seat(back, 7, 'token-2-abcdefghijklmnop')) as SeatReply).toMatchObject({
      ok: true,
      playerId: 'p2',
      view: { race: { own: DRAW.puzzle }, players: [{}, { race: { progress: { mistakes: 1 } } }] },
    });
    expect(await move(back, 7, BLANK_CELLS[1]!, wrongAt(BLANK_CELLS[1]!), 'b')).toMatchObject({
      ok: true,
      duplicate: true,
    });
    after.store.close();
  });

  it('skips a snapshot it cannot read, with the reason, and restores the others', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const store = openStore({ memory: true });
    const first = setUp(store);
    const runner = first.rooms.open();
    await seat(runner, 1);
    store.commit([{ type: 'persistRoom', code: 'BROKE', raceId: null, snapshot: '{"version":2' }]);
    store.commit([{ type: 'persistRoom', code: 'OLDER', raceId: null, snapshot: '{"version":1}' }]);
    const rooms = new RoomRegistry({
      store,
      transport: new MemoryTransport(),
      timings: TIMINGS,
      log,
    });
    expect(await rooms.restore()).toBe(1);
    expect(rooms.find(runner.code)?.room.seats.map((s) => s.nickname)).toEqual(['P1']);
    const reasons = lines.map((line) => JSON.parse(line) as { code: string; reason: string });
    expect(reasons).toEqual([
      expect.objectContaining({ code: 'BROKE', reason: expect.stringMatching(/not JSON/) }),
      expect.objectContaining({ code: 'OLDER', reason: 'snapshot version 1 is not 4' }),
    ]);
    await rooms.shutdown();
  });
});

describe('commit–reveal at the start', () => {
  it('commits to the puzzle with a fresh secret: sha256(puzzle + solution + secret), hex', async () => {
    const { createHash } = await import('node:crypto');
    const { commitTo } = await import('./room-runner.ts');
    const first = commitTo(DRAW);
    const second = commitTo(DRAW);
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(second.secret).not.toBe(first.secret);
    const text = `${DRAW.puzzle}${DRAW.solution}${first.secret}`;
    expect(first.commitment).toBe(createHash('sha256').update(text).digest('hex'));
    const fixed = { secret: FAIRNESS.secret, text: `${DRAW.puzzle}${DRAW.solution}${SECRET}` };
    expect(createHash('sha256').update(fixed.text).digest('hex')).toBe(FAIRNESS.commitment);
  });
});
