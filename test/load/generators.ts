import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ToGenerator } from './generator.ts';
import { decodeRoom, type EncodedRoom, type RoomOutcome } from './outcome.ts';
import { withCpus } from './pinning.ts';
import { roomSizes, type PlayerPool, type PlayersCost, type PoolPlan } from './pool.ts';
import type { ReplayPlan } from './replay.ts';
import type { MoveMix } from './room.ts';

const ENTRY = fileURLToPath(new URL('./generator.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

type FromGenerator =
  | { readonly type: 'open' }
  | { readonly type: 'race'; readonly cost: PlayersCost }
  | { readonly type: 'outcomes'; readonly rooms: readonly EncodedRoom[] }
  | { readonly type: 'error'; readonly message: string };

/**
 * The players in `count` processes of their own (`generator.ts`), each with every `count`-th
 * room, optionally pinned to `cpus` (taskset), so that the players neither share an event loop
 * nor — pinned — the server's cores. Their CPU is each process's own, added up.
 */
export class GeneratorPool implements PlayerPool {
  private readonly children: ChildProcess[] = [];

  constructor(
    private readonly plan: PoolPlan,
    private readonly count: number,
    private readonly cpus?: string,
  ) {}

  async open(): Promise<void> {
    const rooms = roomSizes(this.plan.players).length;
    for (let i = 0; i < Math.min(this.count, rooms); i++) {
      const [command, args] = withCpus(this.cpus, process.execPath, ['--import', 'tsx', ENTRY]);
      this.children.push(
        spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
      );
    }
    await Promise.all(
      this.children.map((child, i) => {
        const indices = Array.from({ length: rooms }, (_, r) => r).filter(
          (r) => r % this.children.length === i,
        );
        return this.ask(child, { type: 'open', plan: this.plan, indices }, 'open');
      }),
    );
  }

  async race(durationMs: number, mix: MoveMix, replay?: ReplayPlan): Promise<PlayersCost> {
    const own = process.cpuUsage();
    const message: ToGenerator = { type: 'race', durationMs, mix, ...(replay && { replay }) };
    const costs = await Promise.all(
      this.children.map(async (child) => {
        const done = await this.ask(child, message, 'race');
        return done.type === 'race' ? done.cost : undefined;
      }),
    );
    const mine = process.cpuUsage(own);
    const all = costs.filter((cost): cost is PlayersCost => cost !== undefined);
    return {
      cpuSec: all.reduce((sum, cost) => sum + cost.cpuSec, (mine.user + mine.system) / 1e6),
      processes: all.length,
      loopP99Ms: Math.max(...all.map((cost) => cost.loopP99Ms)),
      loopMaxMs: Math.max(...all.map((cost) => cost.loopMaxMs)),
    };
  }

  async outcomes(): Promise<RoomOutcome[]> {
    const parts = await Promise.all(
      this.children.map((child) => this.ask(child, { type: 'outcomes' }, 'outcomes')),
    );
    const rooms = parts.flatMap((part) => (part.type === 'outcomes' ? part.rooms : []));
    return rooms.map(decodeRoom).sort((a, b) => a.index - b.index);
  }

  nodeDied(node: number): void {
    for (const child of this.children) child.send({ type: 'dead', node } satisfies ToGenerator);
  }

  async close(): Promise<void> {
    await Promise.all(
      this.children.map((child) => {
        if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.disconnect();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        return exited.finally(() => clearTimeout(timer));
      }),
    );
  }

  /** Sends `message` and resolves with the child's answer of type `type` (rejects on error). */
  private ask(
    child: ChildProcess,
    message: ToGenerator,
    type: FromGenerator['type'],
  ): Promise<FromGenerator> {
    return new Promise((resolve, reject) => {
      const onMessage = (answer: FromGenerator) => {
        if (answer.type !== type && answer.type !== 'error') return;
        cleanUp();
        if (answer.type === 'error') reject(new Error(`generator ${child.pid}: ${answer.message}`));
        else resolve(answer);
      };
      const onExit = (code: number | null) => {
        cleanUp();
        reject(new Error(`generator ${child.pid} exited (${code}) before answering ${type}`));
      };
      const cleanUp = () => {
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(message);
    });
  }
}
