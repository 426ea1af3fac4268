import type { Socket } from 'node:net';
import { healthAnswer, type HealthAnswer } from '../http/health.ts';
import { isHealthReply, type HealthRequest } from './messages.ts';
import type { WorkerMember } from './workers.ts';

/**
 * `/healthz` of a `--workers` server, answered by the primary for the whole box: it asks every
 * worker what its own `/healthz` says (over IPC) and answers with the sums (`rooms`, `players`,
 * `moves`) and each worker's answer in `nodes`. A worker that is restarting, or does not answer
 * within `timeoutMs`, is listed with `ok: false` and its reason, and the box stays ok while the
 * others answer ok (they take over a dead worker's rooms); a worker that answers `ok: false`
 * (its store cannot write), or none answering, makes it 503. docs/PROTOCOL.md, "HTTP".
 */
export interface HealthSource {
  members(): readonly WorkerMember[];
}

/** Where the workers' replies arrive (`node:cluster`'s `message` event). */
export interface ReplySource {
  on(event: 'message', listener: (worker: unknown, message: unknown) => void): unknown;
}

/** A worker's entry in `nodes`. */
type NodeHealth = Readonly<Record<string, unknown>> & { readonly ok: boolean };

export class WorkersHealth {
  private nextId = 1;
  private readonly waiting = new Map<number, (answer: HealthAnswer) => void>();
  private readonly startedAt = Date.now();
  /** The answer being gathered now, which requests arriving meanwhile share. */
  private gathering: Promise<HealthAnswer> | undefined;

  constructor(
    private readonly workers: HealthSource,
    replies: ReplySource,
    private readonly timeoutMs = 2000,
  ) {
    replies.on('message', (_worker, message) => {
      if (!isHealthReply(message)) return;
      const { type: _type, id, ...answer } = message;
      this.waiting.get(id)?.(answer);
      this.waiting.delete(id);
    });
  }

  /**
   * The box's answer: every worker asked at once, each waited for at most `timeoutMs`. Requests
   * that arrive while one is being gathered share it, so a flood of `/healthz` costs the
   * workers one question each per round, not one per request.
   */
  answer(): Promise<HealthAnswer> {
    this.gathering ??= this.gather().finally(() => (this.gathering = undefined));
    return this.gathering;
  }

  private async gather(): Promise<HealthAnswer> {
    const members = this.workers.members();
    const asked = await Promise.all(members.map((member) => this.ask(member)));
    const answered = asked.filter((a) => a.answered).map((a) => a.node);
    const sum = (read: (node: NodeHealth) => unknown) =>
      answered.reduce((total, node) => total + numberOf(read(node)), 0);
    return healthAnswer(
      {
        // A worker that answers "not ok" (its store cannot write, its Redis lost the rooms)
        // makes the box not ok; one restarting or silent does not while another serves.
        ok: answered.length > 0 && answered.every((node) => node.ok),
        mode: 'workers',
        workers: members.length,
        rooms: sum((node) => node['rooms']),
        players: sum((node) => node['players']),
        moves: {
          accepted: sum((node) => movesOf(node)?.['accepted']),
          duplicates: sum((node) => movesOf(node)?.['duplicates']),
        },
        nodes: asked.map((a) => a.node),
      },
      this.startedAt,
    );
  }

  private ask(member: WorkerMember): Promise<{ node: NodeHealth; answered: boolean }> {
    const { worker, process } = member;
    const silent = (reason: string) => ({ node: { worker, ok: false, reason }, answered: false });
    if (!process || !member.ready)
      return Promise.resolve(silent(process ? 'starting' : 'restarting'));
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(silent(`no answer within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.waiting.set(id, ({ body }) => {
        clearTimeout(timer);
        const node = { worker, pid: process.process.pid, ...body, ok: body['ok'] !== false };
        resolve({ node, answered: true });
      });
      const request: HealthRequest = { type: 'percent:health?', id };
      process.send(request, undefined, () => undefined);
    });
  }
}

const numberOf = (value: unknown): number => (typeof value === 'number' ? value : 0);

const movesOf = (node: NodeHealth): Record<string, unknown> | undefined => {
  const moves = node['moves'];
  return typeof moves === 'object' && moves !== null
    ? (moves as Record<string, unknown>)
    : undefined;
};

const HEALTHZ = /^(GET|HEAD) \/healthz(?:\?\S*)? HTTP\/1\.[01]\r\n/;

/**
 * Answers a connection whose first request is `GET /healthz` (or `HEAD`) here, in plain
 * HTTP/1.1 as `@socket.io/sticky` answers its own 503, and closes it. False for any other
 * request (it goes on to a worker).
 */
export function answerHealthz(health: WorkersHealth, head: string, socket: Socket): boolean {
  const request = HEALTHZ.exec(head);
  if (!request) return false;
  void health.answer().then(({ status, body }) => {
    const json = Buffer.from(JSON.stringify(body));
    const lines = [
      `HTTP/1.1 ${status} ${status === 200 ? 'OK' : 'Service Unavailable'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${json.length}`,
      'Cache-Control: no-store',
      'Connection: close',
      '',
      '',
    ];
    if (socket.destroyed) return;
    socket.end(
      request[1] === 'HEAD'
        ? lines.join('\r\n')
        : Buffer.concat([Buffer.from(lines.join('\r\n')), json]),
    );
  });
  return true;
}
