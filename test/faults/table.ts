import type { RaceRecordView } from '@percent/protocol';
import { Bot, SeatLost } from './bots.ts';

/** Open while the server is up; bots that lost their connection wait on it. */
export class Gate {
  private opened: Promise<void> = Promise.resolve();
  private release: () => void = () => undefined;

  close(): void {
    this.opened = new Promise((resolve) => (this.release = resolve));
  }

  open(): void {
    this.release();
  }

  wait(): Promise<void> {
    return this.opened;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rules under which every bot can always finish: wrong digits cost time, never the seat. */
const SETTINGS = { mistakes: { kind: 'penalty', seconds: 1 }, timeLimitSec: null };

/**
 * A room of bots that races again and again (host starts, everyone plays to the end, host
 * opens a rematch) until told to stop; after a crash every bot takes its seat back and goes
 * on. Errors a real client would never see are kept for the assertions.
 */
export class Table {
  /** Every race id any bot of the table saw. */
  readonly races = new Set<string>();
  stopping = false;

  private constructor(
    readonly bots: readonly Bot[],
    private readonly random: () => number,
  ) {}

  static async open(url: string, index: number, size: number, random: () => number) {
    const bots = Array.from(
      { length: size },
      (_, i) => new Bot(url, `T${index}-${i}`, `fault-${index}-${i}-${process.pid}`),
    );
    for (const bot of bots) if (!(await bot.connect())) throw new Error(`${url} is not up`);
    // The table's players play through the shipped client: see bots.ts.
    await bots[0]!.enter(null, SETTINGS);
    for (const bot of bots.slice(1)) await bot.enter(bots[0]!.code);
    return new Table(bots, random);
  }

  get phase(): string {
    return this.bots[0]!.view?.phase ?? 'unknown';
  }

  /** What went wrong that a player would have noticed (a lost seat). */
  readonly problems: string[] = [];

  /** Plays until `stopping` is set and the current race (if any) has finished. */
  async run(gate: Gate): Promise<void> {
    try {
      await this.play(gate);
    } catch (error) {
      if (!(error instanceof SeatLost)) throw error;
      this.problems.push(error.message);
    }
  }

  private async play(gate: Gate): Promise<void> {
    for (;;) {
      // A step can finish in microtasks alone (nothing to play): let sockets and timers run.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.bots.some((bot) => !bot.connected)) {
        await gate.wait();
        for (const bot of this.bots.filter((b) => !b.connected)) {
          if (!(await bot.rejoin())) break;
        }
        continue;
      }
      for (const bot of this.bots) if (bot.view?.race) this.races.add(bot.view.race.id);
      if (this.stopping && (this.phase === 'finished' || this.phase === 'lobby')) return;
      await this.step();
    }
  }

  private async step(): Promise<void> {
    const [host, ...guests] = this.bots;
    switch (this.phase) {
      case 'lobby': {
        await sleep(20 + this.random() * 80); // people take a moment in the lobby
        for (const guest of guests) {
          const me = guest.view?.players.find((p) => p.id === guest.playerId);
          if (me && !me.ready) await guest.request('room:ready', { ready: true });
        }
        const ready = host!.view?.players.every((p) => p.host || p.ready);
        if (ready && !this.stopping) await host!.request('race:start', {});
        return;
      }
      case 'racing':
        for (const bot of this.bots) {
          const me = bot.view?.players.find((p) => p.id === bot.playerId);
          if (me?.race?.status === 'racing') await bot.play(this.random);
        }
        return;
      case 'finished':
        await sleep(20 + this.random() * 80);
        if (!this.stopping) await host!.request('race:rematch', {});
        return;
      default:
        await sleep(20);
    }
  }
}

/** Every problem found comparing what the bots were told with what the server stored. */
export async function audit(url: string, tables: readonly Table[]): Promise<string[]> {
  const problems: string[] = [];
  for (const table of tables) {
    problems.push(...table.problems);
    for (const raceId of table.races) {
      const response = await fetch(`${url}/api/races/${raceId}`);
      if (response.status !== 200) {
        problems.push(`race ${raceId}: not stored as finished (HTTP ${response.status})`);
        continue;
      }
      const { race } = (await response.json()) as { race: RaceRecordView };
      for (const bot of table.bots) problems.push(...auditBot(bot, race));
    }
  }
  return problems;
}

/** The bot's acknowledged moves against the stored race: each there once, as answered. */
function auditBot(bot: Bot, race: RaceRecordView): string[] {
  const problems: string[] = [];
  const where = `race ${race.id} ${bot.nickname} (${bot.playerId})`;
  const stored = race.moves.filter((m) => m.playerId === bot.playerId);
  const byId = new Map(stored.map((m) => [m.moveId, m]));
  if (byId.size !== stored.length) problems.push(`${where}: a move id stored twice`);
  const sent = bot.moves.get(race.id) ?? [];
  const slip = (m: { cell: number; digit: number }) => `${m.cell}:${m.digit}`;
  const storedSlips = new Set(stored.filter((m) => m.verdict === 'wrong').map(slip));
  for (const move of sent) {
    const kept = byId.get(move.moveId);
    if (move.verdict === undefined) continue; // never answered: it may or may not have counted
    // One slip is one mistake: the same wrong digit again is not stored under its own id.
    const repeated = !kept && move.verdict === 'wrong' && move.duplicate;
    if (repeated && storedSlips.has(slip(move))) continue;
    if (!kept) problems.push(`${where}: acked move ${move.moveId} (cell ${move.cell}) lost`);
    else if (kept.verdict !== move.verdict || kept.cell !== move.cell)
      problems.push(
        `${where}: move ${move.moveId} stored as ${kept.verdict}, acked ${move.verdict}`,
      );
  }
  const ids = new Set(sent.map((m) => m.moveId));
  for (const m of stored)
    if (!ids.has(m.moveId)) problems.push(`${where}: unknown move ${m.moveId}`);
  const standing = race.players.find((p) => p.playerId === bot.playerId);
  const wrong = stored.filter((m) => m.verdict === 'wrong').length;
  const acked = new Set(sent.filter((m) => m.verdict === 'wrong').map(slip)).size;
  if (standing?.mistakes !== wrong || wrong !== acked)
    problems.push(
      `${where}: mistakes ${standing?.mistakes}, stored wrong ${wrong}, acked ${acked}`,
    );
  if (standing?.outcome !== 'finished') problems.push(`${where}: ended ${standing?.outcome}`);
  return problems;
}
