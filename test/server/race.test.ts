import type {
  MoveReply,
  ProgressBatch,
  ProgressEvent,
  RaceRecordView,
  RoomView,
  SeatReply,
} from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import {
  blanksOf,
  connect,
  expectOk,
  newDeviceId,
  solveGivens,
  useTestServer,
  type Recorded,
  type TestClient,
} from './harness.ts';
import { historyOf } from '../support/device.ts';

// The players here are bots that move as fast as acks return; the limit is tested elsewhere.
const server = useTestServer({ rateLimit: { burst: 500, perSecond: 500, tooMany: 100 } });

const DIGITS_81 = /[0-9]{81}/g;

/**
 * Nothing a racing player received before the end may hold the solution or a digit they did
 * not place themselves: every 81-cell string in it is the puzzle or one of their own boards.
 */
function assertNoLeak(
  received: readonly (Recorded & { mine: ReadonlySet<number> })[],
  puzzle: string,
  solution: string,
) {
  for (const { event, payload, mine } of received) {
    const text = JSON.stringify(payload);
    expect(text, event).not.toContain(solution);
    expect((payload as Partial<RoomView>).race?.boards ?? null, event).toBeNull();
    if (event === 'race:progress')
      for (const e of (payload as ProgressBatch).events) expect(e.board, event).toBeNull();
    for (const board of text.match(DIGITS_81) ?? []) {
      for (let cell = 0; cell < 81; cell++) {
        if (board[cell] !== '0' && puzzle[cell] === '0')
          expect(mine.has(cell), `${event} cell ${cell}`).toBe(true);
      }
    }
  }
}

/** Records each payload with the cells this player had placed when it arrived. */
function trackPlaced(client: TestClient) {
  const mine = new Set<number>();
  const log: (Recorded & { mine: ReadonlySet<number> })[] = [];
  client.socket.onAny((event: string, payload: unknown) =>
    log.push({ event, payload, mine: new Set(mine) }),
  );
  return { mine, log };
}

describe('a whole race: two players and a spectator', () => {
  it('runs from lobby to standings, stores the race, then rematches with a new puzzle', async () => {
    const ann = await connect(server.url);
    const bob = await connect(server.url);
    const eve = await connect(server.url);
    const annDevice = newDeviceId();
    const created = expectOk<SeatReply>(
      await ann.call('room:create', {
        nickname: 'Ann',
        deviceId: annDevice,
        settings: { difficulty: 'easy', mistakes: { kind: 'eliminate', allowed: 3 } },
      }),
    );
    const code = created.view.code;
    expect(code).toMatch(/^[A-Z]{5}$/);
    expect(created.view.link).toBe(`/r/${code}`);
    expect(created.view.hostId).toBe(created.playerId);
    const joined = expectOk<SeatReply>(
      await bob.call('room:join', {
        code: code.toLowerCase(),
        nickname: 'Bob',
        deviceId: newDeviceId(),
      }),
    );
    expect(joined.role).toBe('player');
    const watching = expectOk<SeatReply>(
      await eve.call('room:spectate', { code, deviceId: newDeviceId() }),
    );
    expect(watching.role).toBe('spectator');
    expect((await ann.call('race:start')).ok).toBe(false); // Bob is not ready
    expectOk(await bob.call('room:ready', { ready: true }));

    const annTrack = trackPlaced(ann);
    const bobTrack = trackPlaced(bob);
    const counting = ann.state((v) => v.phase === 'countdown');
    expectOk(await ann.call('race:start'));
    const countdown = await counting;
    expect(countdown.race!.puzzle).toBeNull();
    expect(countdown.race!.startsAt).toBeGreaterThanOrEqual(countdown.serverNow);
    const [annView, bobView] = await Promise.all([
      ann.state((v) => v.phase === 'racing'),
      bob.state((v) => v.phase === 'racing'),
    ]);
    const puzzle = annView.race!.puzzle!;
    expect(bobView.race!.puzzle).toBe(puzzle);
    expect(annView.race!.own).toBe(puzzle);
    const solution = solveGivens(puzzle);
    const blanks = blanksOf(puzzle);
    /** The `n`-th digit that is wrong in `cell` (0–7). */
    const wrong = (cell: number, n = 0) =>
      [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => String(d) !== solution[cell])[n]!;

    // Bob places the last three blanks, then makes four mistakes (four different wrong digits
    // in one cell; the same one again in between is the same slip): eliminated (3 allowed).
    for (const cell of blanks.slice(-3)) {
      bobTrack.mine.add(cell);
      const reply = expectOk<MoveReply>(
        await bob.call('race:move', { moveId: `b${cell}`, cell, digit: Number(solution[cell]) }),
      );
      expect(reply.verdict).toBe('correct');
    }
    for (let i = 0; i < 4; i++) {
      const reply = expectOk<MoveReply>(
        await bob.call('race:move', {
          moveId: `bw${i}`,
          cell: blanks[0]!,
          digit: wrong(blanks[0]!, i),
        }),
      );
      expect(reply).toMatchObject({ verdict: 'wrong', progress: { mistakes: i + 1 } });
      if (i > 0) continue;
      const again = { moveId: 'bw0-again', cell: blanks[0]!, digit: wrong(blanks[0]!, 0) };
      expect(expectOk<MoveReply>(await bob.call('race:move', again))).toMatchObject({
        verdict: 'wrong',
        duplicate: true,
        progress: { mistakes: 1 },
      });
    }
    expect((await bob.call('race:move', { moveId: 'late', cell: blanks[1]!, digit: 1 })).ok).toBe(
      false,
    );
    const given = [...puzzle].findIndex((ch) => ch !== '0');
    expect(await ann.call('race:move', { moveId: 'g', cell: given, digit: 1 })).toMatchObject({
      ok: false,
      error: { code: 'GIVEN_CELL' },
    });

    // Ann: one mistake, a retried move counted once, then every blank.
    const miss = { moveId: 'a-miss', cell: blanks[0]!, digit: wrong(blanks[0]!) };
    expectOk(await ann.call('race:move', miss));
    expect(expectOk<MoveReply>(await ann.call('race:move', miss))).toMatchObject({
      duplicate: true,
      progress: { mistakes: 1 },
    });
    const finished = ann.state((v) => v.phase === 'finished');
    let last: MoveReply | undefined;
    for (const cell of blanks) {
      annTrack.mine.add(cell);
      last = expectOk<MoveReply>(
        await ann.call('race:move', { moveId: `a${cell}`, cell, digit: Number(solution[cell]) }),
      );
    }
    expect(last).toMatchObject({
      verdict: 'correct',
      status: 'finished',
      progress: { percent: 100, filled: blanks.length },
    });
    const end = await finished;

    expect(end.race!.solution).toBe(solution);
    expect(end.race!.standings!.map((s) => [s.nickname, s.place, s.outcome])).toEqual([
      ['Ann', 1, 'finished'],
      ['Bob', null, 'eliminated'],
    ]);
    expect(Object.values(end.race!.boards!)).toContain(solution);
    const spectatorEnd = await eve.state((v) => v.phase === 'finished');
    expect(spectatorEnd.race!.boards![joined.playerId!]).toBeDefined();
    const batches = eve.received
      .filter((r) => r.event === 'race:progress')
      .map((r) => (r.payload as ProgressBatch).events);
    const progressSeen = batches.flat();
    expect(progressSeen.length).toBeGreaterThan(0);
    // A batch names each player once, with their latest progress.
    for (const batch of batches)
      expect(new Set(batch.map((p) => p.playerId)).size).toBe(batch.length);
    expect(progressSeen.every((p) => p.board === null)).toBe(true); // rule 'end': no live digits
    const racingPart = (log: typeof annTrack.log) =>
      log.slice(
        0,
        log.findIndex((r) => (r.payload as RoomView).phase === 'finished'),
      );
    assertNoLeak(racingPart(annTrack.log), puzzle, solution);
    assertNoLeak(racingPart(bobTrack.log), puzzle, solution);
    // Not vacuous: Ann heard of Bob's moves while the race ran (batched: his first at once).
    const annHeard = racingPart(annTrack.log).filter((r) => r.event === 'race:progress');
    expect(annHeard.length).toBeGreaterThan(0);
    // Nobody is told of their own moves in race:progress: the ack carried them.
    const aboutSelf = (track: typeof annTrack, id: string) =>
      track.log.filter(
        (r) =>
          r.event === 'race:progress' &&
          (r.payload as ProgressBatch).events.some((e) => e.playerId === id),
      );
    expect(aboutSelf(annTrack, created.playerId!)).toEqual([]);

    // Stored before it was announced: history and leaderboard read it back.
    const history = expectOk<{ entries: { place: number; roomCode: string }[] }>(
      await ann.call('history:get', { deviceId: annDevice }),
    );
    expect(history.entries).toMatchObject([{ place: 1, roomCode: code }]);
    const board = expectOk<{ entries: { nickname: string; wins: number }[] }>(
      await eve.call('leaderboard:get', { code }),
    );
    expect(board.entries[0]).toMatchObject({ nickname: 'Ann', wins: 1 });
    expect(JSON.stringify(board)).not.toContain(annDevice);
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as {
      moves: { accepted: number; duplicates: number };
    };
    expect(health.moves.accepted).toBeGreaterThanOrEqual(blanks.length + 8);
    expect(health.moves.duplicates).toBeGreaterThanOrEqual(1);
    const http = (await historyOf(server.url, annDevice)) as { entries: unknown[] };
    expect(http.entries).toHaveLength(1);

    // The stored race replays move by move: every judged move once, in order, no device ids.
    const stored = await fetch(`${server.url}/api/races/${end.race!.id}`);
    const { race } = (await stored.json()) as { race: RaceRecordView };
    expect(JSON.stringify(race)).not.toContain(annDevice);
    expect(race.players.map((p) => [p.nickname, p.place, p.mistakes])).toEqual([
      ['Ann', 1, 1],
      ['Bob', null, 4],
    ]);
    expect(race.moves.map((m) => m.seq)).toEqual(race.moves.map((_, i) => i));
    expect(race.moves.map((m) => m.moveId)).toEqual([
      ...blanks.slice(-3).map((cell) => `b${cell}`),
      'bw0',
      'bw1',
      'bw2',
      'bw3',
      'a-miss',
      ...blanks.map((cell) => `a${cell}`),
    ]);
    expect(race.moves[7]).toMatchObject({ cell: blanks[0], verdict: 'wrong' });
    const missing = await fetch(`${server.url}/api/races/no-such-race`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ ok: false, error: { code: 'RACE_NOT_FOUND' } });
    expect((await fetch(`${server.url}/api/races/bad%20id`)).status).toBe(400);

    // Rematch: same room, same players, a new puzzle.
    expect((await bob.call('race:rematch')).ok).toBe(false);
    const lobby = bob.state((v) => v.phase === 'lobby');
    expectOk(await ann.call('race:rematch'));
    expect((await lobby).players.map((p) => [p.nickname, p.ready])).toEqual([
      ['Ann', false],
      ['Bob', false],
    ]);
    expectOk(await bob.call('room:ready', { ready: true }));
    const second = bob.state((v) => v.phase === 'racing');
    expectOk(await ann.call('race:start'));
    const next = await second;
    expect(next.code).toBe(code);
    expect(next.race!.puzzle).not.toBe(puzzle);
    expect(next.race!.id).not.toBe(end.race!.id);
    for (const c of [ann, bob, eve]) c.close();
  });
});

describe('spectators under the live rule', () => {
  it('see every digit as it is placed, while the other player still sees none', async () => {
    const ann = await connect(server.url);
    const bob = await connect(server.url);
    const tv = await connect(server.url);
    const settings = { spectatorDigits: { kind: 'live' } };
    const seat = expectOk<SeatReply>(
      await ann.call('room:create', { nickname: 'Ann', deviceId: newDeviceId(), settings }),
    );
    const code = seat.view.code;
    expectOk(await bob.call('room:join', { code, nickname: 'Bob', deviceId: newDeviceId() }));
    expectOk(await bob.call('room:ready', { ready: true }));
    expectOk(await tv.call('room:spectate', { code, deviceId: newDeviceId() }));
    const racing = tv.state((v) => v.phase === 'racing');
    expectOk(await ann.call('race:start'));
    const view = await racing;
    const puzzle = view.race!.puzzle!;
    expect(view.race!.boards).toEqual({ [seat.playerId!]: puzzle, [view.players[1]!.id]: puzzle });
    const solution = solveGivens(puzzle);
    const cell = blanksOf(puzzle)[0]!;
    const first = (client: typeof tv) =>
      new Promise<ProgressEvent>((resolve) =>
        client.socket.once('race:progress', (batch) => resolve(batch.events[0]!)),
      );
    const seen = first(tv);
    const bobSees = first(bob);
    expectOk(await ann.call('race:move', { moveId: 'a1', cell, digit: Number(solution[cell]) }));
    const event = await seen;
    expect(event.playerId).toBe(seat.playerId);
    expect(event.board![cell]).toBe(solution[cell]);
    expect((await bobSees).board).toBeNull();
    const synced = expectOk<{ view: RoomView }>(await tv.call('room:sync'));
    expect(synced.view.race!.boards![seat.playerId!]![cell]).toBe(solution[cell]);
    for (const c of [ann, bob, tv]) c.close();
  });
});
