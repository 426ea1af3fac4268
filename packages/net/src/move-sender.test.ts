import type { MoveReply, MoveVerdict } from '@percent/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NetResult } from './link.ts';
import { MoveSender } from './move-sender.ts';
import { MoveQueue, type PendingMove } from './moves.ts';
import { UnavailableRetries } from './room-unavailable.ts';

type Reply = NetResult<MoveReply>;

const unavailable: Reply = {
  ok: false,
  error: { code: 'ROOM_UNAVAILABLE', message: 'race:move: room ABCDE is moving' },
};

const judged = (move: PendingMove, verdict: MoveVerdict, duplicate = false): Reply => ({
  ok: true,
  moveId: move.moveId,
  cell: move.cell,
  digit: move.digit,
  verdict,
  status: 'racing',
  progress: { filled: 1, blanks: 50, percent: 2, mistakes: 0, units: 0, penaltyMs: 0 },
  team: null,
  duplicate,
});

/**
 * A sender over a fake link. Each send takes the next scripted reply (a function of the move,
 * or left open until `answer` resolves it); `log` records sends, verdicts and the status
 * signal's changes in the order they happened.
 */
function harness() {
  const log: string[] = [];
  const script: ((move: PendingMove) => Reply | undefined)[] = [];
  const open: ((reply: Reply) => void)[] = [];
  const sent: string[] = [];
  const state = { live: true, racing: true };
  const queue = new MoveQueue();
  const retries = new UnavailableRetries();
  const link = {
    send: (move: PendingMove) => {
      sent.push(move.moveId);
      log.push(`send ${move.cell}`);
      const reply = script.shift()?.(move);
      return reply ? Promise.resolve(reply) : new Promise<Reply>((r) => open.push(r));
    },
    live: () => state.live,
    racing: () => state.racing,
  };
  const sender = new MoveSender(queue, link, retries);
  sender.onMove((move, reply, latest) =>
    log.push(`verdict ${move.cell} ${reply.ok ? reply.verdict : reply.error.code} ${latest}`),
  );
  const stop = retries.moving.subscribe((moving) => log.push(`moving ${moving}`));
  const move = (cell: number, digit: number) => {
    const made = queue.add(cell, digit);
    sender.send(made);
    return made;
  };
  return { log, script, open, sent, state, queue, retries, sender, move, stop };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('MoveSender and ROOM_UNAVAILABLE', () => {
  it('keeps a move pending through two unavailable replies and settles it once, sent three times with its id', async () => {
    const h = harness();
    h.script.push(
      () => unavailable,
      () => unavailable,
      (m) => judged(m, 'correct'),
    );
    const move = h.move(12, 7);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.queue.has(move.moveId)).toBe(true);
    expect(h.retries.moving.value).toBe(true);
    await vi.advanceTimersByTimeAsync(499);
    expect(h.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sent).toHaveLength(2);
    // The back-off grows: the third send waits 1000 ms after the second unavailable reply.
    await vi.advanceTimersByTimeAsync(999);
    expect(h.sent).toHaveLength(2);
    expect(h.queue.isPending(12)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.sent).toEqual([move.moveId, move.moveId, move.moveId]);
    expect(h.log).toEqual([
      'moving false',
      'send 12',
      'moving true',
      'send 12',
      'send 12',
      'moving false',
      'verdict 12 correct true',
    ]);
    expect(h.queue.has(move.moveId)).toBe(false);
    expect(h.queue.isPending(12)).toBe(false);
    h.stop();
  });

  it('keeps the room moving while any move waits, and clears it when the last one is judged', async () => {
    const h = harness();
    h.script.push(
      () => unavailable,
      () => unavailable,
      (m) => judged(m, 'wrong'),
      () => unavailable,
      (m) => judged(m, 'correct'),
    );
    h.move(1, 2);
    h.move(3, 4);
    await vi.advanceTimersByTimeAsync(500);
    // Cell 1 was judged; cell 3 was answered unavailable again and still waits.
    expect(h.retries.moving.value).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.log).toEqual([
      'moving false',
      'send 1',
      'send 3',
      'moving true',
      'send 1',
      'verdict 1 wrong true',
      'send 3',
      'send 3',
      'moving false',
      'verdict 3 correct true',
    ]);
    h.stop();
  });

  it('stops once disposed: no more sends, and no verdict for a reply still on its way', async () => {
    const h = harness();
    h.script.push(() => unavailable);
    const waiting = h.move(5, 9);
    const inFlight = h.move(6, 1);
    await vi.advanceTimersByTimeAsync(0);
    h.sender.dispose();
    h.open[0]?.(judged(inFlight, 'correct'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.sent).toEqual([waiting.moveId, inFlight.moveId]);
    expect(h.log).toEqual(['moving false', 'send 5', 'send 6', 'moving true']);
    h.stop();
  });

  it('drops a waiting move without a verdict once the race is over', async () => {
    const h = harness();
    h.script.push(() => unavailable);
    const move = h.move(5, 9);
    await vi.advanceTimersByTimeAsync(0);
    h.state.racing = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.sent).toEqual([move.moveId]);
    expect(h.log).toEqual(['moving false', 'send 5', 'moving true', 'moving false']);
    expect(h.queue.has(move.moveId)).toBe(false);
    h.stop();
  });

  it('leaves a move whose back-off ends during a reconnection to the rejoin, which sends it once', async () => {
    const h = harness();
    h.script.push(
      () => unavailable,
      (m) => judged(m, 'correct'),
    );
    const move = h.move(8, 1);
    await vi.advanceTimersByTimeAsync(0);
    h.state.live = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.sent).toEqual([move.moveId]);
    expect(h.retries.moving.value).toBe(true);
    h.state.live = true;
    h.sender.sendPending();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.sent).toEqual([move.moveId, move.moveId]);
    expect(h.log.slice(-2)).toEqual(['moving false', 'verdict 8 correct true']);
    h.stop();
  });

  it('judges a move sent twice by its first answer only', async () => {
    const h = harness();
    const move = h.move(20, 3);
    h.sender.sendPending(); // a rejoin while the first send is still unanswered
    expect(h.open).toHaveLength(2);
    h.open[1]?.(judged(move, 'correct'));
    h.open[0]?.(judged(move, 'correct', true));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.log).toEqual(['moving false', 'send 20', 'send 20', 'verdict 20 correct true']);
    h.stop();
  });

  it('sends nothing while the seat is not live; the rejoin sends the queue in order', async () => {
    const h = harness();
    h.state.live = false;
    const a = h.move(1, 1);
    const b = h.move(2, 2);
    expect(h.sent).toEqual([]);
    h.state.live = true;
    h.sender.sendPending();
    expect(h.sent).toEqual([a.moveId, b.moveId]);
    h.stop();
  });
});

describe('MoveSender and RATE_LIMITED', () => {
  it('keeps a rate-limited move pending and sends it again a second later, judged once', async () => {
    const h = harness();
    const limited: Reply = {
      ok: false,
      error: { code: 'RATE_LIMITED', message: 'race:move: too many events, slow down' },
    };
    h.script.push(
      () => limited,
      (m) => judged(m, 'correct'),
    );
    const move = h.move(30, 4);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.queue.has(move.moveId)).toBe(true);
    expect(h.log).toEqual(['moving false', 'send 30']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.sent).toEqual([move.moveId, move.moveId]);
    expect(h.log).toEqual(['moving false', 'send 30', 'send 30', 'verdict 30 correct true']);
    expect(h.queue.has(move.moveId)).toBe(false);
    h.stop();
  });
});
