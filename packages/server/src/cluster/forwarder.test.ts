import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientCommand } from '../runner/room-runner.ts';
import { Forwarder, type RequestLink } from './forwarder.ts';
import type { NodeRequest } from './remote.ts';

/** A link whose replies the test gives by hand; every request it was sent, in order. */
function fakeLink() {
  const sent: { node: string; body: NodeRequest; reply: (value: unknown) => void }[] = [];
  const link: RequestLink = {
    request: (node, body, timeoutMs, signal) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve(undefined), timeoutMs);
        signal?.addEventListener('abort', () => resolve(undefined));
        sent.push({
          node,
          body: body as NodeRequest,
          reply: (value) => {
            clearTimeout(timer);
            resolve(value);
          },
        });
      }),
  };
  return { link, sent };
}

const move = (moveId: string, connectionId = 'c1'): ClientCommand => ({
  type: 'move',
  connectionId,
  moveId,
  cell: 3,
  digit: 4,
});
const judged = { ok: true, moveId: 'm1' };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('forwarding to a busy owner: back-pressure, not refusal', () => {
  it('waits for a slow owner that still holds the room, past the old 5 s deadline', async () => {
    const { link, sent } = fakeLink();
    const asked: string[] = [];
    const forward = new Forwarder({
      link,
      owns: (node) => (asked.push(node), Promise.resolve(true)),
    });
    const reply = forward.submit('B', 'ABCDE', move('m1'));
    await vi.advanceTimersByTimeAsync(9_000);
    expect(asked.length).toBeGreaterThanOrEqual(4); // asked every 2 s: still the owner
    sent[0]!.reply(judged);
    expect(await reply).toEqual(judged);
  });

  it('refuses at the first check once the owner no longer holds the room', async () => {
    const { link } = fakeLink();
    const forward = new Forwarder({ link, owns: () => Promise.resolve(false) });
    const reply = forward.submit('B', 'ABCDE', move('m1'));
    let settled: unknown;
    void reply.then((value) => (settled = value));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toMatchObject({ ok: false, error: { code: 'ROOM_UNAVAILABLE' } });
  });

  it('gives up on a live owner that stood still for the whole cap', async () => {
    const { link } = fakeLink();
    const forward = new Forwarder({ link, owns: () => Promise.resolve(true), maxMs: 20_000 });
    const reply = forward.submit('B', 'ABCDE', move('m1'));
    let settled: unknown;
    void reply.then((value) => (settled = value));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toMatchObject({ ok: false, error: { code: 'ROOM_UNAVAILABLE' } });
  });

  it('keeps at most `window` requests in flight to one node; the rest go in order', async () => {
    const { link, sent } = fakeLink();
    const forward = new Forwarder({ link, owns: () => Promise.resolve(true), window: 2 });
    const replies = ['m1', 'm2', 'm3', 'm4'].map((id) => forward.submit('B', 'ABCDE', move(id)));
    const other = forward.submit('C', 'QWERT', move('x1'));
    await vi.advanceTimersByTimeAsync(0);
    expect(
      sent.map(
        (s) =>
          `${s.node}:${(s.body.kind === 'submit' && s.body.command.type === 'move' && s.body.command.moveId) || ''}`,
      ),
    ).toEqual(['B:m1', 'B:m2', 'C:x1']);
    expect(forward.queued).toBe(2);
    sent[1]!.reply({ ok: true, moveId: 'm2' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(4);
    expect(sent[3]!.body).toMatchObject({ command: { moveId: 'm3' } });
    for (const request of sent.slice()) request.reply({ ok: true });
    await vi.advanceTimersByTimeAsync(0);
    sent[4]!.reply({ ok: true });
    await Promise.all([...replies, other]);
    expect(
      sent.map(
        (s) => s.body.kind === 'submit' && s.body.command.type === 'move' && s.body.command.moveId,
      ),
    ).toEqual(['m1', 'm2', 'x1', 'm3', 'm4']);
    expect(forward.queued).toBe(0);
  });

  it('lets a move re-sent with its id while the first is waiting join it: one request', async () => {
    const { link, sent } = fakeLink();
    const forward = new Forwarder({ link, owns: () => Promise.resolve(true) });
    const first = forward.submit('B', 'ABCDE', move('m1'));
    await vi.advanceTimersByTimeAsync(8_000); // the client's own timeout: it sends it again
    const again = forward.submit('B', 'ABCDE', move('m1'));
    const otherPlayer = forward.submit('B', 'ABCDE', move('m1', 'c2'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
    sent[0]!.reply({ ...judged, duplicate: false });
    expect(await first).toEqual({ ...judged, duplicate: false });
    expect(await again).toEqual({ ...judged, duplicate: true });
    sent[1]!.reply({ ok: true, moveId: 'm1', duplicate: false });
    await otherPlayer;
    // Answered: a later send with the same id is a new request (the owner says duplicate), as
    // is one that reuses the id for another cell (the owner answers MOVE_ID_REUSED).
    void forward.submit('B', 'ABCDE', move('m1'));
    const reused = forward.submit('B', 'ABCDE', { ...move('m1'), cell: 9 } as ClientCommand);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(4);
    expect(forward.sent).toBe(4);
    sent[3]!.reply({ ok: false, error: { code: 'MOVE_ID_REUSED', message: 'm1' } });
    expect(await reused).toMatchObject({ ok: false, error: { code: 'MOVE_ID_REUSED' } });
  });

  it('asks Redis once per owner and room per check, however many requests wait', async () => {
    const { link, sent } = fakeLink();
    const asked: string[] = [];
    const forward = new Forwarder({
      link,
      owns: (node, code) => (asked.push(`${node}/${code}`), Promise.resolve(true)),
    });
    const waiting = Array.from({ length: 100 }, (_, i) =>
      forward.submit('B', 'ABCDE', move(`w${i}`)),
    );
    const other = forward.submit('B', 'QWERT', move('q1'));
    await vi.advanceTimersByTimeAsync(8_000);
    // Four checks (every 2 s) for each of the two rooms, not four per request.
    expect(asked.filter((a) => a === 'B/ABCDE')).toHaveLength(4);
    expect(asked.filter((a) => a === 'B/QWERT')).toHaveLength(4);
    for (const request of sent) request.reply({ ok: true });
    await Promise.all([...waiting, other]);
  });
});
