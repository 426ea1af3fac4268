import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  blanksOf,
  connect,
  expectOk,
  newDeviceId,
  rejoin,
  solveGivens,
  startRace,
  startTestServer,
  twoPlayerLobby,
} from './harness.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'percent-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a server restart', () => {
  it('keeps finished races and brings a racing room back with every board', async () => {
    const first = await startTestServer({ memory: false, dataDir });
    const { ann, annSeat, annDevice } = await twoPlayerLobby(first.url);

    // A first race, finished by Ann alone after Bob leaves: it must be stored.
    const solo = await connect(first.url);
    const soloDevice = newDeviceId();
    expectOk(await solo.call('room:create', { nickname: 'Solo', deviceId: soloDevice }));
    const soloRacing = solo.state((v) => v.phase === 'racing');
    expectOk(await solo.call('race:start'));
    const soloPuzzle = (await soloRacing).race!.puzzle!;
    expectOk(await solo.call('room:leave'));

    const puzzle = await startRace(ann);
    const solution = solveGivens(puzzle);
    const cells = blanksOf(puzzle).slice(0, 3);
    for (const cell of cells) {
      expectOk(
        await ann.call('race:move', { moveId: `a${cell}`, cell, digit: Number(solution[cell]) }),
      );
    }
    await sleep(150); // the snapshot debounce is 50 ms here
    const dropped = new Promise((resolve) => ann.socket.once('disconnect', resolve));
    await first.close();
    await dropped;

    const second = await startTestServer({ memory: false, dataDir });
    expect(second.restoredRooms).toBe(1);
    const back = await connect(second.url);
    const seat = await rejoin(back, annSeat, 'Ann', annDevice);
    expect(seat.view.phase).toBe('racing');
    expect(seat.view.players.map((p) => [p.nickname, p.connection])).toEqual([
      ['Ann', 'online'],
      ['Bob', 'reconnecting'],
    ]);
    for (const cell of cells) expect(seat.view.race!.own![cell]).toBe(solution[cell]);
    const history = expectOk<{ entries: { roomCode: string; outcome: string }[] }>(
      await back.call('history:get', { deviceId: soloDevice }),
    );
    expect(history.entries).toMatchObject([{ outcome: 'left' }]);
    expect(soloPuzzle).toHaveLength(81);
    back.close();
    await second.close();
  });
});
