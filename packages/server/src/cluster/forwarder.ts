import type { Result, RoomSummaryView } from '@percent/protocol';
import type { ClientCommand } from '../runner/room-runner.ts';
import { unavailable } from './reachable.ts';
import type { Forward, NodeRequest } from './remote.ts';

/** What the forwarder needs of the node-to-node link (`NodeRpc`). */
export interface RequestLink {
  request(node: string, body: unknown, timeoutMs: number, signal?: AbortSignal): Promise<unknown>;
}

export interface ForwarderOptions {
  readonly link: RequestLink;
  /**
   * Whether `node` still runs the room (holds its lease): a slow owner that does is waited for,
   * one that does not has gone (or lost the room) and the command is refused at once.
   */
  readonly owns: (node: string, code: string) => Promise<boolean>;
  /** Requests in flight to one node at most; the next wait here, in order. */
  readonly window?: number;
  /** How often a command still waiting asks whether its owner is alive. */
  readonly checkMs?: number;
  /** The longest a command waits for a live owner (a start draws a puzzle: `startMs`). */
  readonly maxMs?: number;
  readonly startMs?: number;
}

export const FORWARD_DEFAULTS = {
  window: 256,
  checkMs: 2_000,
  maxMs: 20_000,
  startMs: 30_000,
} as const;

/**
 * Commands for rooms another node runs, sent to that node (`NodeRpc`) with back-pressure
 * instead of a deadline: at most `window` requests are in flight to one node and the rest wait
 * here in order, so a busy owner is not flooded; a command waits for its reply as long as the
 * owner still holds the room's lease (asked every `checkMs`), up to `maxMs`. `ROOM_UNAVAILABLE`
 * then means the owner has gone, lost the room, or stood still for `maxMs` — not merely that it
 * was slow, which used to refuse thousands of moves a busy owner went on to count.
 *
 * A move sent again with its id while the first send is still waiting (a client's retry after
 * its own timeout) joins that send: one request, one judgement, and the retry is answered as the
 * owner answers a retry (the same reply, `duplicate: true`).
 */
export class Forwarder implements Forward {
  private readonly window: number;
  private readonly checkMs: number;
  private readonly maxMs: number;
  private readonly startMs: number;
  /** Per node: requests in flight, and the ones waiting for a place. */
  private readonly lanes = new Map<string, { inFlight: number; queue: (() => void)[] }>();
  /** Moves waiting for their reply, by connection and move id. */
  private readonly moves = new Map<string, Promise<Result>>();
  /** The latest lease check per node and room, shared by every request waiting on it. */
  private readonly checks = new Map<
    string,
    { readonly at: number; readonly alive: Promise<boolean> }
  >();
  /** Requests sent (read by `/healthz` and the tests). */
  sent = 0;

  constructor(private readonly options: ForwarderOptions) {
    this.window = options.window ?? FORWARD_DEFAULTS.window;
    this.checkMs = options.checkMs ?? FORWARD_DEFAULTS.checkMs;
    this.maxMs = options.maxMs ?? FORWARD_DEFAULTS.maxMs;
    this.startMs = options.startMs ?? FORWARD_DEFAULTS.startMs;
  }

  submit(node: string, code: string, command: ClientCommand): Promise<Result> {
    const body: NodeRequest = { kind: 'submit', code, command };
    if (command.type !== 'move') return this.answer(node, code, body, this.maxMs);
    const { connectionId, moveId, cell, digit } = command;
    const key = `${node}\u0000${connectionId}\u0000${moveId}\u0000${cell}\u0000${digit}`;
    const waiting = this.moves.get(key);
    // What the owner answers a move it already counted: the same reply, marked a duplicate.
    if (waiting) return waiting.then((reply) => (reply.ok ? { ...reply, duplicate: true } : reply));
    const sent = this.answer(node, code, body, this.maxMs).finally(() => this.moves.delete(key));
    this.moves.set(key, sent);
    return sent;
  }

  start(node: string, code: string, connectionId: string): Promise<Result> {
    return this.answer(node, code, { kind: 'start', code, connectionId }, this.startMs);
  }

  importPuzzle(node: string, code: string, connectionId: string, text: string | null) {
    const body: NodeRequest = { kind: 'import', code, connectionId, text };
    return this.answer(node, code, body, this.startMs);
  }

  async summary(node: string, code: string): Promise<RoomSummaryView | undefined> {
    const reply = await this.send(node, code, { kind: 'summary', code }, this.maxMs);
    return (reply ?? undefined) as RoomSummaryView | undefined;
  }

  private async answer(node: string, code: string, body: NodeRequest, maxMs: number) {
    const reply = await this.send(node, code, body, maxMs);
    return (reply as Result | undefined) ?? gone(code);
  }

  /** The owner's reply, or undefined when it went away or stood still for `maxMs`. */
  private async send(node: string, code: string, body: NodeRequest, maxMs: number) {
    const begun = Date.now();
    await this.enter(node);
    const left = maxMs - (Date.now() - begun);
    // Waited out its time in the queue: never sent, so never judged (the client retries).
    if (left <= 0) return void this.leave(node);
    const stop = new AbortController();
    const watch = setInterval(() => {
      this.owns(node, code).then(
        (alive) => alive || stop.abort(),
        () => undefined, // Redis unreachable: keep waiting until the cap
      );
    }, this.checkMs);
    try {
      this.sent++;
      return await this.options.link.request(node, body, left, stop.signal);
    } finally {
      clearInterval(watch);
      this.leave(node);
    }
  }

  /**
   * Whether `node` still holds the room's lease: one Redis read per node and room per half
   * `checkMs`, however many requests wait on that owner.
   */
  private owns(node: string, code: string): Promise<boolean> {
    const key = `${node}\u0000${code}`;
    const now = Date.now();
    const last = this.checks.get(key);
    if (last && now - last.at < this.checkMs / 2) return last.alive;
    for (const [old, check] of this.checks)
      if (now - check.at >= this.checkMs) this.checks.delete(old);
    const alive = this.options.owns(node, code);
    this.checks.set(key, { at: now, alive });
    return alive;
  }

  private enter(node: string): Promise<void> {
    let lane = this.lanes.get(node);
    if (!lane) this.lanes.set(node, (lane = { inFlight: 0, queue: [] }));
    if (lane.inFlight < this.window) {
      lane.inFlight++;
      return Promise.resolve();
    }
    const waiting = lane;
    return new Promise((resolve) => waiting.queue.push(resolve));
  }

  /** Hands the place to the next waiting request, or frees it. */
  private leave(node: string): void {
    const lane = this.lanes.get(node);
    if (!lane) return;
    const next = lane.queue.shift();
    if (next) return next();
    lane.inFlight--;
    if (lane.inFlight === 0) this.lanes.delete(node);
  }

  /** Requests waiting for a place, over every node (`/healthz`). */
  get queued(): number {
    let n = 0;
    for (const lane of this.lanes.values()) n += lane.queue.length;
    return n;
  }
}

const gone = (code: string) =>
  unavailable(`room ${code}: the server running it has gone or does not answer; try again`);
