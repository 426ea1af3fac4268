/**
 * Head starts over real sockets, as a cheater would try them: a stronger runner waiting out the
 * others' head start gets no puzzle (no `room:state`, no `race:progress` carries a digit of it)
 * and every move it forges is refused until the server lets it in; the race is unrated.
 */
import type { RoomView } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import {
  blanksOf,
  expectOk,
  solveGivens,
  startRace,
  twoPlayerLobby,
  useTestServer,
} from './harness.ts';

const server = useTestServer({ rateLimit: { burst: 500, perSecond: 500, tooMany: 100 } });

describe('head starts over the socket', () => {
  it('keeps the puzzle from a waiting runner and refuses its moves, and rates nobody', async () => {
    const { ann, bob } = await twoPlayerLobby(server.url);
    // A rated race first (Ann finishes, the host ends it): their ratings part.
    const first = await startRace(ann, bob);
    const solution = solveGivens(first);
    for (const cell of blanksOf(first))
      expectOk(
        await ann.call('race:move', { moveId: `f${cell}`, cell, digit: Number(solution[cell]) }),
      );
    expectOk(await ann.call('race:end', {}));
    expectOk(await ann.call('race:rematch', {}));
    expectOk(await ann.call('room:settings', { settings: { handicap: true } }));
    const lobby = await bob.state((v) => v.phase === 'lobby' && v.handicaps !== null);
    const [annAhead, bobAhead] = ['Ann', 'Bob'].map(
      (name) =>
        lobby.handicaps!.find(
          (h) => h.playerId === lobby.players.find((p) => p.nickname === name)!.id,
        )!.headStartMs,
    );
    expect(annAhead).toBe(0);
    expect(bobAhead).toBeGreaterThan(60_000);
    expectOk(await bob.call('room:ready', { ready: true }));
    const received = ann.received.length;
    const puzzle = await startRace(ann, bob);
    // Ann waits: her view has no puzzle, and a forged move is refused.
    const annView = expectOk<{ view: RoomView }>(await ann.call('room:sync')).view;
    expect(annView.race?.puzzle).toBeNull();
    expect(annView.race?.own).toBeNull();
    expect(annView.you.can.move).toBe(false);
    const [cell] = blanksOf(puzzle);
    const forged = await ann.call('race:move', { moveId: 'x1', cell: cell!, digit: 1 });
    expect(forged).toMatchObject({ ok: false, error: { code: 'WRONG_PHASE' } });
    // Bob plays; nothing Ann receives carries the puzzle or a digit of his board.
    const right = solveGivens(puzzle);
    for (const c of blanksOf(puzzle).slice(0, 5))
      expectOk(await bob.call('race:move', { moveId: `b${c}`, cell: c, digit: Number(right[c]) }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const since = JSON.stringify(ann.received.slice(received));
    expect(since).not.toContain(puzzle);
    expect(since).not.toMatch(/"board":"\d{81}"/);
    expect(annView.race).toMatchObject({ rated: false, unrated: 'handicap' });
    ann.close();
    bob.close();
  }, 60_000);
});
