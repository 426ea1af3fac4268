import { randomBytes } from 'node:crypto';
import { createRng, getVariant, parseGrid, SudokuSolver, type Rng } from '@percent/engine';
import type { RoomSettings, RoomView, SeatReply } from '@percent/protocol';
import { unavailableDelayMs } from './backoff.ts';
import { SimPlayer, type Failover } from './player.ts';
import { scriptFor, type ReplayPlan, type Script } from './replay.ts';

export const PLAYERS_PER_ROOM = 4;

/** Rules that let every bot race for the whole run: wrong digits cost time, never the seat. */
const SETTINGS: Partial<RoomSettings> = {
  variant: 'percent',
  difficulty: 'easy',
  mistakes: { kind: 'penalty', seconds: 1 },
  timeLimitSec: 7200,
  maxPlayers: PLAYERS_PER_ROOM,
};

export interface MoveMix {
  /** Share of moves that place a wrong digit. */
  readonly wrongRate: number;
  /** Share of moves sent a second time with the same move id. */
  readonly retryRate: number;
}

/** A room of simulated players: the first creates it (host), the others join and ready up. */
export class SimRoom {
  code = '';
  private solution = '';
  private puzzle = '';

  private constructor(
    /** The room's number in the run: which nodes its seats sit on follows from it. */
    readonly index: number,
    readonly players: readonly SimPlayer[],
  ) {}

  /**
   * Seat `i` connects to `urls[i]` (the host first: its node creates the room); with
   * `failover`, a player whose connection drops reconnects and regains its seat.
   */
  static async open(urls: readonly string[], index: number, failover?: Failover): Promise<SimRoom> {
    // The host first; the guests connect once the code is known, naming the room in their
    // handshake as a join link does (a `--workers` server hands them to the room's process).
    const host = await SimPlayer.connect(urls[0]!, failover);
    const hostSeat = { nickname: `Lead ${index}`, deviceId: deviceId() };
    let created: SeatReply;
    try {
      created = await host.request<SeatReply>('room:create', { ...hostSeat, settings: SETTINGS });
    } catch (error) {
      host.close();
      throw error;
    }
    const code = created.view.code;
    const guests = await Promise.all(
      urls.slice(1).map((url) => SimPlayer.connect(url, failover, code)),
    );
    const room = new SimRoom(index, [host, ...guests]);
    room.code = code;
    seat(host, created, { ...hostSeat, code });
    for (const [i, guest] of guests.entries()) {
      const guestSeat = { code, nickname: `Bot ${index}-${i + 1}`, deviceId: deviceId() };
      seat(guest, await guest.request<SeatReply>('room:join', guestSeat), guestSeat);
      await guest.request('room:ready', { ready: true });
    }
    return room;
  }

  /** Starts the race (retrying while the server has no puzzle) and waits until all race. */
  async start(): Promise<void> {
    const host = this.players[0]!;
    for (let attempt = 1; ; attempt++) {
      try {
        await host.request('race:start', {});
        break;
      } catch (error) {
        // No answer in time from a busy server: the start may have happened; the view says.
        if (String(error).includes('timed out')) break;
        if (!/PUZZLE_UNAVAILABLE|ROOM_UNAVAILABLE/.test(String(error)) || attempt === 10)
          throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
    const racing = (view: RoomView): boolean =>
      view.phase === 'racing' && view.race?.puzzle != null;
    await Promise.all(this.players.map((player) => player.until(racing)));
    this.puzzle = host.view!.race!.puzzle!;
    this.solution = solve(this.puzzle);
  }

  /** The puzzle's blank cells with their digits (known once `start` resolved). */
  blanks(): { cell: number; digit: number }[] {
    return [...this.puzzle].flatMap((ch, cell) =>
      ch === '0' ? [{ cell, digit: Number(this.solution[cell]) }] : [],
    );
  }

  /** Every player moves once a second (at its own phase) for `durationMs`, open loop. */
  async race(durationMs: number, mix: MoveMix): Promise<void> {
    await Promise.all(this.players.map((player) => this.drive(player, durationMs, mix)));
  }

  private async drive(player: SimPlayer, durationMs: number, mix: MoveMix): Promise<void> {
    const rng = createRng(randomBytes(8).toString('hex'));
    const blanks = [...this.puzzle].flatMap((ch, cell) => (ch === '0' ? [cell] : []));
    let next = 0;
    /** The wrong digits tried in the current cell. */
    const slips = new Set<number>();
    const pending: Promise<void>[] = [];
    await sleep(rng.next() * 1_000);
    const end = performance.now() + durationMs;
    for (let tick = 0; next < blanks.length; tick++) {
      const due = end - durationMs + tick * 1_000;
      if (due >= end) break;
      await sleep(due - performance.now());
      const cell = blanks[next]!;
      const right = Number(this.solution[cell]);
      // A slip not made in this cell yet: the same wrong digit again is no new move (one slip,
      // one mistake: the server answers it as a duplicate).
      const slip = rng.next() < mix.wrongRate ? newSlip(right, slips, rng) : undefined;
      const wrong = slip !== undefined;
      const digit = slip ?? right;
      if (wrong) slips.add(digit);
      else {
        next++;
        slips.clear();
      }
      const moveId = `m${tick}`;
      const expected = wrong ? 'wrong' : 'correct';
      player.counters.sent++;
      player.counters.lastSentAt = performance.now();
      pending.push(player.move(moveId, cell, digit, expected));
      if (rng.next() < mix.retryRate) {
        player.counters.retries++;
        pending.push(player.move(moveId, cell, digit, expected));
      }
    }
    await Promise.all(pending);
  }

  /**
   * Every player plays its recorded script (`replay.ts`) on this room's puzzle for at most
   * `durationMs`, the recorded time sped up by `plan.speed`; a share `retryRate` of the moves
   * is sent twice with the same id. A player stops once its board is full (it finished).
   */
  async replay(plan: ReplayPlan, durationMs: number, retryRate: number): Promise<void> {
    await Promise.all(
      this.players.map((player, seat) =>
        this.play(player, scriptFor(plan, this.index, seat), plan.speed, durationMs, retryRate),
      ),
    );
  }

  private async play(
    player: SimPlayer,
    script: Script,
    speed: number,
    durationMs: number,
    retryRate: number,
  ): Promise<void> {
    const rng = createRng(randomBytes(8).toString('hex'));
    const blanks = [...this.puzzle].flatMap((ch, cell) => (ch === '0' ? [cell] : []));
    const held = new Set<number>();
    const slips = new Map<number, Set<number>>();
    const pending: Promise<void>[] = [];
    const start = performance.now();
    for (const [i, step] of script.entries()) {
      const due = start + step.ms / speed;
      if (due >= start + durationMs || held.size === blanks.length) break;
      const cell = blanks[step.slot];
      if (cell === undefined || (step.verdict !== 'cleared' && held.has(cell))) continue;
      await sleep(due - performance.now());
      const right = Number(this.solution[cell]);
      let digit = 0;
      if (step.verdict === 'correct') {
        digit = right;
        held.add(cell);
      } else if (step.verdict === 'wrong') {
        const tried = slips.get(cell) ?? new Set<number>();
        const slip = newSlip(right, tried, rng);
        if (slip === undefined) continue;
        digit = slip;
        slips.set(cell, tried.add(slip));
      } else if (held.delete(cell)) {
        player.counters.emptied++;
      }
      player.counters.sent++;
      player.counters.lastSentAt = performance.now();
      pending.push(player.move(`r${i}`, cell, digit, step.verdict));
      if (rng.next() < retryRate) {
        player.counters.retries++;
        pending.push(player.move(`r${i}`, cell, digit, step.verdict));
      }
    }
    await Promise.all(pending);
  }

  /** The server's own view of every player's progress, read after the run. */
  async finalProgress(): Promise<RoomView> {
    for (let attempt = 0; ; attempt++) {
      try {
        const reply = await this.players[0]!.request<{ view: RoomView }>('room:sync', {});
        return reply.view;
      } catch (error) {
        // Between owner nodes, or a server still working through its backlog: asked again.
        const again = /ROOM_UNAVAILABLE|timed out/.test(String(error));
        if (!again || attempt === 20) throw error;
        await sleep(unavailableDelayMs(attempt));
      }
    }
  }

  close(): void {
    for (const player of this.players) player.close();
  }
}

function seat(
  player: SimPlayer,
  reply: SeatReply,
  who: { code: string; nickname: string; deviceId: string },
): void {
  player.playerId = reply.playerId;
  player.seat = { ...who, sessionToken: reply.sessionToken ?? '' };
}

function deviceId(): string {
  return `load-${randomBytes(9).toString('base64url')}`;
}

/** A wrong digit for a cell whose answer is `right`, not in `tried`; undefined when none is left. */
function newSlip(right: number, tried: ReadonlySet<number>, rng: Rng): number | undefined {
  const left = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => d !== right && !tried.has(d));
  return left.length === 0 ? undefined : left[rng.int(left.length)];
}

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The puzzle's unique solution, as the client computes it (the server never sends it). */
function solve(puzzle: string): string {
  const parsed = parseGrid(puzzle);
  if (!parsed.ok) throw new Error(`the server sent a malformed puzzle: ${parsed.error.message}`);
  const answer = new SudokuSolver(getVariant('percent')).solve(parsed.grid);
  if (answer.status !== 'solved')
    throw new Error(`the server sent a puzzle without a solution (${answer.status})`);
  return Array.from(answer.solution).join('');
}
