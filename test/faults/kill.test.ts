import { createRng } from '@percent/engine';
import { describe, expect, it } from 'vitest';
import { useServerChild } from './server-child.ts';
import { audit, Gate, Table } from './table.ts';
import { historyOf } from '../support/device.ts';

/**
 * kill -9 at random instants in every phase of a room's life, then a restart on the same
 * DATA_DIR: nothing a player was told may be lost, counted twice or left unfinished.
 */
const KILLS = Number(process.env.FAULT_KILLS ?? 24);
const PHASES = ['lobby', 'countdown', 'racing', 'finished'] as const;
const SEED = Number(process.env.FAULT_SEED ?? 20261124);

const child = useServerChild('kill');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(5);
  }
  return true;
}

describe('kill -9', () => {
  it(`loses no acknowledged move, counts none twice and loses no race (seed ${SEED})`, async () => {
    const rng = createRng(SEED);
    const random = () => rng.next();
    const server = await child.start();
    const tables = [
      await Table.open(server.url, 0, 2, random),
      await Table.open(server.url, 1, 3, random),
      await Table.open(server.url, 2, 2, random),
    ];
    const gate = new Gate();
    const playing = Promise.all(tables.map((table) => table.run(gate)));
    const hits: Record<string, number> = { lobby: 0, countdown: 0, racing: 0, finished: 0 };
    const restarts: number[] = [];
    for (let k = 0; k < KILLS; k++) {
      const wanted = PHASES[k % PHASES.length]!;
      await until(() => tables.some((t) => t.phase === wanted), 5000);
      await sleep(random() * (wanted === 'racing' ? 300 : 40));
      for (const table of tables) hits[table.phase] = (hits[table.phase] ?? 0) + 1;
      gate.close();
      await server.kill9();
      restarts.push(await server.restart());
      gate.open();
    }
    for (const table of tables) table.stopping = true;
    await playing;

    const problems = await audit(server.url, tables);
    const bots = tables.flatMap((t) => t.bots);
    const acked = bots.flatMap((b) => [...b.moves.values()].flat()).filter((m) => m.verdict);
    console.log(
      `kill -9 ×${KILLS} (seed ${SEED}): rooms in each phase at the kills ${JSON.stringify(hits)}; ` +
        `${acked.length} moves acked over ${tables.reduce((n, t) => n + t.races.size, 0)} races; ` +
        `restart ${Math.round(Math.max(...restarts))} ms at most`,
    );
    expect(problems).toEqual([]);
    for (const phase of PHASES) expect(hits[phase], phase).toBeGreaterThanOrEqual(3);
    expect(bots.flatMap((b) => b.errors)).not.toContain('INTERNAL');
    expect(bots.flatMap((b) => b.errors)).not.toContain('SESSION_INVALID');
    await expectHistories(server.url, bots);
  }, 170_000);
});

/** Every race a bot saw finish is in that device's history. */
async function expectHistories(
  url: string,
  bots: readonly { deviceId: string; finished: Set<string> }[],
) {
  for (const bot of bots) {
    const { entries } = (await historyOf(url, bot.deviceId, '?limit=100')) as {
      entries: { raceId: string }[];
    };
    const stored = new Set(entries.map((e) => e.raceId));
    for (const raceId of bot.finished)
      expect(stored.has(raceId), `${bot.deviceId} ${raceId}`).toBe(true);
  }
}
