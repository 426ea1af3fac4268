import type { MoveReply, SeatReply } from '@percent/protocol';
import { Samples } from '../load/stats.ts';
import {
  blanksOf,
  connect,
  expectOk,
  newDeviceId,
  solveGivens,
  type TestClient,
} from '../server/harness.ts';

const PACE_MS = 30;

/**
 * Two well-behaved players racing again and again in their own room (a move every 30 ms,
 * one in ten wrong), timing every acknowledgement and checking every verdict, until stopped.
 */
export class CleanRace {
  rtt = new Samples();
  readonly problems: string[] = [];
  private stopping = false;
  private loop: Promise<void> = Promise.resolve();

  private constructor(
    private readonly host: TestClient,
    private readonly guest: TestClient,
  ) {}

  static async start(url: string): Promise<CleanRace> {
    const host = await connect(url);
    const guest = await connect(url);
    const settings = { mistakes: { kind: 'penalty', seconds: 1 }, timeLimitSec: null };
    const seat = expectOk<SeatReply>(
      await host.call('room:create', { nickname: 'Clean', deviceId: newDeviceId(), settings }),
    );
    const code = seat.view.code;
    expectOk(await guest.call('room:join', { code, nickname: 'Calm', deviceId: newDeviceId() }));
    const race = new CleanRace(host, guest);
    race.loop = race.run();
    return race;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.loop;
    this.host.close();
    this.guest.close();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      expectOk(await this.guest.call('room:ready', { ready: true }));
      const racing = this.host.state((v) => v.phase === 'racing');
      expectOk(await this.host.call('race:start'));
      const puzzle = (await racing).race!.puzzle!;
      await this.race(puzzle);
      if (!this.stopping) expectOk(await this.host.call('race:rematch'));
    }
  }

  /** Both players fill their boards in turns, until the race ends or the test stops. */
  private async race(puzzle: string): Promise<void> {
    const solution = solveGivens(puzzle);
    const open = [blanksOf(puzzle), blanksOf(puzzle)];
    for (let turn = 0; !this.stopping && open.some((cells) => cells.length > 0); turn++) {
      const who = turn % 2;
      const cell = open[who]!.at(-1);
      if (cell === undefined) continue;
      const wrong = turn % 10 === 3;
      const digit = wrong ? (Number(solution[cell]) % 9) + 1 : Number(solution[cell]);
      const client = who === 0 ? this.host : this.guest;
      const started = performance.now();
      const reply = await client.call('race:move', { moveId: `c${who}-${turn}`, cell, digit });
      this.rtt.add(performance.now() - started);
      if (!reply.ok || (reply as unknown as MoveReply).verdict !== (wrong ? 'wrong' : 'correct')) {
        this.problems.push(`turn ${turn}: ${JSON.stringify(reply)}`);
      }
      if (!wrong) open[who]!.pop();
      await new Promise((resolve) => setTimeout(resolve, PACE_MS));
    }
    if (!this.stopping) await this.host.state((v) => v.phase === 'finished');
  }
}
