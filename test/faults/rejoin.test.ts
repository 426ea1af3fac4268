import { createRng } from '@percent/engine';
import type { MoveReply, RoomView, SeatReply } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import {
  blanksOf,
  connect,
  expectOk,
  rejoin,
  solveGivens,
  startRace,
  twoPlayerLobby,
  useTestServer,
  type TestClient,
} from '../server/harness.ts';

/**
 * One player drops and comes back 100 times during a race — sometimes with a move still in
 * flight — and every time gets a full, exact snapshot: their board, their mistakes, nothing
 * of anyone else's.
 */
const server = useTestServer({
  rateLimit: { burst: 500, perSecond: 500, tooMany: 100 },
  timings: { countdownMs: 50, graceMs: 10_000 },
});

interface Expected {
  board: string;
  mistakes: number;
}

/** Wrong digits judged so far (`cell:digit`): the same slip again is no new mistake. */
const slips = new Set<string>();

/** The board and mistakes after a judged move, as the protocol says (one slip, one mistake). */
function after(state: Expected, reply: MoveReply): Expected {
  if (reply.verdict === 'wrong') {
    const slip = `${reply.cell}:${reply.digit}`;
    if (slips.has(slip)) return state;
    slips.add(slip);
    return { ...state, mistakes: state.mistakes + 1 };
  }
  const digit = reply.verdict === 'cleared' ? '0' : String(reply.digit);
  const board = state.board.slice(0, reply.cell) + digit + state.board.slice(reply.cell + 1);
  return { ...state, board };
}

describe('100 drops and rejoins in one race', () => {
  it('resume each time with a full, correct snapshot and count every move once', async () => {
    const { ann, bob, annSeat, annDevice } = await twoPlayerLobby(server.url);
    expectOk(
      await ann.call('room:settings', { settings: { mistakes: { kind: 'penalty', seconds: 1 } } }),
    );
    expectOk(await bob.call('room:ready', { ready: true }));
    const puzzle = await startRace(ann, bob);
    const solution = solveGivens(puzzle);
    const last = blanksOf(puzzle).at(-1)!; // kept open so the race lasts all 100 cycles
    const rng = createRng(20261124);
    let state: Expected = { board: puzzle, mistakes: 0 };
    let client: TestClient = ann;
    let n = 0;
    let duplicates = 0;
    const move = (cell: number, digit: number) => ({ moveId: `ann-${++n}`, cell, digit });
    const pick = (): { cell: number; digit: number } => {
      const open = blanksOf(state.board).filter((cell) => cell !== last);
      const filled = blanksOf(puzzle).filter((cell) => state.board[cell] !== '0');
      const roll = rng.next();
      if ((roll < 0.15 && filled.length > 0) || open.length === 0)
        return { cell: filled[rng.int(filled.length)]!, digit: 0 };
      const cell = open[rng.int(open.length)]!;
      const right = Number(solution[cell]);
      // A wrong digit not tried in that cell yet: each one is a new mistake.
      const wrong = [1, 2, 3, 4, 5, 6, 7, 8, 9].find(
        (d) => d !== right && !slips.has(`${cell}:${d}`),
      );
      return { cell, digit: roll < 0.35 && wrong !== undefined ? wrong : right };
    };

    for (let cycle = 0; cycle < 100; cycle++) {
      for (let i = 0; i < 1 + rng.int(2); i++) {
        const { cell, digit } = pick();
        const reply = expectOk<MoveReply>(await client.call('race:move', move(cell, digit)));
        expect(reply.duplicate).toBe(false);
        state = after(state, reply);
      }
      const flying = rng.next() < 0.3 ? pick() : undefined;
      const inFlight = flying && move(flying.cell, flying.digit);
      // Half of the moves in flight reach the server (judged: Bob sees the progress) and only
      // the ack is lost with the connection; the other half never leave the client.
      const wait = inFlight && rng.next() < 0.5;
      const before = await accepted();
      if (inFlight) void client.call('race:move', inFlight).catch(() => undefined);
      if (wait) await until(async () => (await accepted()) > before);
      duplicates += wait ? 1 : 0;
      const away =
        cycle % 10 === 0 ? bob.state((v) => v.players[0]?.connection === 'reconnecting') : null;
      client.close();
      await away;

      client = await connect(server.url);
      const seat = await rejoin(client, annSeat, 'Ann', annDevice);
      const settled = inFlight ? await settle(client, inFlight, state, seat.view) : undefined;
      expectSnapshot(seat, annSeat, settled?.shown ?? state, puzzle, solution, cycle);
      state = settled?.next ?? state;
    }

    for (const cell of blanksOf(state.board)) {
      state = after(
        state,
        expectOk<MoveReply>(await client.call('race:move', move(cell, Number(solution[cell])))),
      );
    }
    expect(duplicates).toBeGreaterThan(5); // the duplicate path was exercised
    const end = await client.state(
      (v) => v.phase === 'racing' && v.players[0]!.race!.status === 'finished',
    );
    expect(end.players[0]!.race!.progress).toMatchObject({
      mistakes: state.mistakes,
      percent: 100,
    });
    for (const c of [client, bob]) c.close();
  }, 60_000);
});

/** Moves the server has judged so far (its `/healthz` counter). */
async function accepted(): Promise<number> {
  const health = (await (await fetch(`${server.url}/healthz`)).json()) as {
    moves: { accepted: number };
  };
  return health.moves.accepted;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the move in flight was never judged');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/**
 * The move sent just before the drop, sent again with its id: counted once either way. If the
 * server had judged it, the snapshot already shows it and the answer is a duplicate.
 */
async function settle(
  client: TestClient,
  inFlight: { moveId: string; cell: number; digit: number },
  state: Expected,
  view: RoomView,
): Promise<{ shown: Expected; next: Expected }> {
  const reply = expectOk<MoveReply>(await client.call('race:move', inFlight));
  const next = after(state, reply);
  const shown = reply.duplicate ? next : state;
  const snapshot = { board: view.race!.own!, mistakes: view.players[0]!.race!.progress.mistakes };
  expect(snapshot).toEqual(shown);
  return { shown, next };
}

function expectSnapshot(
  seat: SeatReply,
  first: SeatReply,
  state: Expected,
  puzzle: string,
  solution: string,
  cycle: number,
): void {
  const view = seat.view;
  const label = `cycle ${cycle}`;
  expect(seat, label).toMatchObject({ role: 'player', playerId: first.playerId });
  expect(view.you, label).toMatchObject({ role: 'player', playerId: first.playerId });
  expect(view.phase, label).toBe('racing');
  expect(view.race!.puzzle, label).toBe(puzzle);
  expect(view.race!.boards, label).toBeNull();
  expect(view.race!.solution, label).toBeNull();
  expect(JSON.stringify(view), label).not.toContain(solution);
  expect(view.race!.own, label).toBe(state.board);
  const filled = blanksOf(puzzle).filter((cell) => state.board[cell] !== '0').length;
  expect(view.players[0]!.race!.progress, label).toMatchObject({
    filled,
    mistakes: state.mistakes,
  });
}
