import type { MoveReply, Result } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import { MoveSender, PlayerCounters, type Move, type MoveChannel } from './moves.ts';
import type { ClientSocket } from './player.ts';

/** What the fake server does with one attempt: answer, or never answer (a dropped socket). */
type Answer = Result<MoveReply> | 'drop';

const MOVE: Move = { moveId: 'm1', cell: 3, digit: 5, expected: 'correct' };

function reply(duplicate: boolean, verdict: 'correct' | 'wrong' = 'correct'): Answer {
  return {
    ok: true,
    moveId: MOVE.moveId,
    cell: MOVE.cell,
    digit: MOVE.digit,
    verdict,
    status: 'racing',
    progress: { filled: 1, mistakes: 0 },
    duplicate,
  } as unknown as Answer;
}

const refusal = (code: string): Answer =>
  ({ ok: false, error: { code, message: code } }) as unknown as Answer;

/** A player whose socket answers attempts from `answers`, in order. */
function player(answers: Answer[], failover: boolean) {
  const counters = new PlayerCounters();
  let attempts = 0;
  const socket = {
    timeout: () => ({
      emitWithAck: () => {
        attempts++;
        const answer = answers.shift() ?? 'drop';
        return answer === 'drop'
          ? Promise.reject(new Error('socket has been disconnected'))
          : Promise.resolve(answer);
      },
    }),
  } as unknown as ClientSocket;
  const channel: MoveChannel = {
    failover,
    connection: () => Promise.resolve(socket),
    reseat: () => Promise.resolve(),
  };
  return { sender: new MoveSender(channel, counters), counters, attempts: () => attempts };
}

describe('MoveSender: each move counted once, whatever the connection does', () => {
  it('counts a first ack by its verdict, and a retry answered as a duplicate', async () => {
    const { sender, counters } = player([reply(false), reply(true)], false);
    await sender.send(MOVE);
    await sender.send(MOVE);
    expect(counters).toMatchObject({ correct: 1, wrong: 0, retriesAcked: 1, duplicated: 0 });
  });

  it('flags a move counted a second time, and a first answer that says "already counted"', async () => {
    const twice = player([reply(false), reply(false)], false);
    await twice.sender.send(MOVE);
    await twice.sender.send(MOVE);
    expect(twice.counters).toMatchObject({ correct: 1, duplicated: 1, retriesAcked: 0 });
    const phantom = player([reply(true)], false);
    await phantom.sender.send(MOVE);
    expect(phantom.counters).toMatchObject({ correct: 0, duplicated: 1 });
  });

  it('with one node, an unanswered move is lost and not sent again', async () => {
    const { sender, counters, attempts } = player(['drop', reply(false)], false);
    await sender.send(MOVE);
    expect(attempts()).toBe(1);
    expect(counters).toMatchObject({ lost: 1, correct: 0, resent: 0 });
  });

  it('with failover, sends an unanswered move again and counts its duplicate ack once', async () => {
    // The dead node had counted it: the resend is answered as a duplicate, which is right.
    const { sender, counters, attempts } = player(['drop', reply(true)], true);
    await sender.send(MOVE);
    expect(attempts()).toBe(2);
    expect(counters).toMatchObject({ resent: 1, correct: 1, duplicated: 0, lost: 0 });
  });

  it('with failover, waits out ROOM_UNAVAILABLE and sends the move again', async () => {
    const { sender, counters } = player([refusal('ROOM_UNAVAILABLE'), reply(false, 'wrong')], true);
    await sender.send({ ...MOVE, expected: 'wrong' });
    expect(counters).toMatchObject({ wrong: 1, correct: 0, misjudged: 0 });
    expect(counters.transient.toString()).toBe('ROOM_UNAVAILABLE ×1');
    expect(counters.errors.total).toBe(0);
  });

  it('with failover, a duplicate after ROOM_UNAVAILABLE is the move counted once', async () => {
    // The forwarding node heard nothing from the dying owner, which had counted the move.
    const { sender, counters } = player([refusal('ROOM_UNAVAILABLE'), reply(true)], true);
    await sender.send(MOVE);
    expect(counters).toMatchObject({ correct: 1, duplicated: 0, countedDespiteUnavailable: 1 });
  });

  it('a refusal that is not transient stays final, with failover too', async () => {
    const { sender, counters, attempts } = player([refusal('GIVEN_CELL'), reply(false)], true);
    await sender.send(MOVE);
    expect(attempts()).toBe(1);
    expect(counters.errors.toString()).toBe('GIVEN_CELL ×1');
  });
});
