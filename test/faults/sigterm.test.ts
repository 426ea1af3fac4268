import { createRng } from '@percent/engine';
import { describe, expect, it } from 'vitest';
import { useServerChild } from './server-child.ts';
import { audit, Gate, Table } from './table.ts';

/** SIGTERM mid-race (a deploy): a quick, clean exit, and after the restart nothing is missing. */
const child = useServerChild('sigterm');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SIGTERM mid-race', () => {
  it('exits 0 within 2 s, and the race goes on after the restart with every acked move', async () => {
    const rng = createRng(7);
    const server = await child.start();
    const tables = [
      await Table.open(server.url, 0, 3, () => rng.next()),
      await Table.open(server.url, 1, 2, () => rng.next()),
    ];
    const gate = new Gate();
    const playing = Promise.all(tables.map((table) => table.run(gate)));
    const acked = () =>
      tables
        .flatMap((t) => t.bots.flatMap((b) => [...b.moves.values()].flat()))
        .filter((m) => m.verdict);
    while (tables.some((t) => t.phase !== 'racing') || acked().length < 40) await sleep(5);
    gate.close();
    const exit = await server.terminate();
    const ackedBefore = acked().length;
    expect(exit.code).toBe(0);
    expect(exit.ms).toBeLessThan(2000);
    await server.restart();
    gate.open();
    for (const table of tables) table.stopping = true;
    await playing;
    console.log(
      `SIGTERM with ${ackedBefore} moves acked: exit ${exit.code} after ${Math.round(exit.ms)} ms; ` +
        `${acked().length} acked by the end`,
    );
    expect(await audit(server.url, tables)).toEqual([]);
    expect(tables.flatMap((t) => t.bots.flatMap((b) => b.errors))).not.toContain('INTERNAL');
  }, 60_000);
});
