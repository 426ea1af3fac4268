/**
 * Ratings that add up (issue 21): a host farming ratings with puppet devices that join, leave
 * and let the host end the race gains nothing, whether in one room or four at once; and a
 * device racing in four rooms at once is rated for one race, not four.
 */
import type { RoomView, SeatReply } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import {
  connect,
  expectOk,
  newDeviceId,
  useTestServer,
  type SharedServer,
  type TestClient,
} from './harness.ts';

const MIN_RATED_MS = 300;
/** The rules as served: first races unrated, a (short, for the test) minimum rated length. */
const served = useTestServer({
  timings: { countdownMs: 50, minRatedMs: MIN_RATED_MS, firstRaceRated: false },
});
/** First races rated, so the early-quit and one-race-at-a-time rules are seen alone. */
const seasoned = useTestServer({
  timings: { countdownMs: 50, minRatedMs: MIN_RATED_MS, firstRaceRated: true },
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The device's rating as the server has it: what a new room shows for it. */
async function ratingOf(server: SharedServer, deviceId: string): Promise<number> {
  const probe = await connect(server.url);
  const seat = expectOk<SeatReply>(
    await probe.call('room:create', { nickname: 'Probe', deviceId }),
  );
  probe.close();
  return seat.view.players[0]!.rating!.value;
}

/**
 * One farmed race: the host's room fills with `puppets` (each its own device and socket),
 * the race starts, the puppets leave after `leaveAfterMs`, and the host ends the race once
 * `endAfterMs` have passed. Resolves with the host's view of the end.
 */
async function farm(
  server: SharedServer,
  hostDevice: string,
  puppets: readonly string[],
  { leaveAfterMs, endAfterMs }: { leaveAfterMs: number; endAfterMs: number },
): Promise<RoomView> {
  const host = await connect(server.url);
  const seat = expectOk<SeatReply>(
    await host.call('room:create', {
      nickname: 'Farmer',
      deviceId: hostDevice,
      settings: { maxPlayers: 16 },
    }),
  );
  const code = seat.view.code;
  const sockets: TestClient[] = [];
  for (const [i, deviceId] of puppets.entries()) {
    const puppet = await connect(server.url);
    sockets.push(puppet);
    expectOk(await puppet.call('room:join', { code, nickname: `Pup${i}`, deviceId }));
    expectOk(await puppet.call('room:ready', { ready: true }));
  }
  const racing = host.state((v) => v.phase === 'racing');
  expectOk(await host.call('race:start'));
  await racing;
  await pause(leaveAfterMs);
  for (const puppet of sockets) {
    expectOk(await puppet.call('room:leave'));
    puppet.close();
  }
  await pause(Math.max(0, endAfterMs - leaveAfterMs));
  const ended = host.state((v) => v.phase === 'finished');
  expectOk(await host.call('race:end'));
  const view = await ended;
  host.close();
  return view;
}

const fresh = (n: number) => Array.from({ length: n }, () => newDeviceId());

describe('a rating farm', () => {
  it('gains nothing from fresh puppets, in one room or four at once', async () => {
    const oneRoom = newDeviceId();
    const timing = { leaveAfterMs: MIN_RATED_MS + 100, endAfterMs: MIN_RATED_MS + 200 };
    for (let race = 0; race < 4; race++) {
      const end = await farm(served, oneRoom, fresh(15), timing);
      expect(end.race).toMatchObject({ rated: false, unrated: 'firstRaces' });
      expect(end.race!.standings!.every((s) => s.rating === null)).toBe(true);
    }
    const fourRooms = newDeviceId();
    await Promise.all(Array.from({ length: 4 }, () => farm(served, fourRooms, fresh(15), timing)));
    const [one, four] = [await ratingOf(served, oneRoom), await ratingOf(served, fourRooms)];
    expect(one).toBe(1500);
    expect(Math.abs(four - one)).toBeLessThanOrEqual(1);
  });

  it('leaves every rating unchanged when the puppets leave before the minimum', async () => {
    const host = newDeviceId();
    const puppets = fresh(3);
    const end = await farm(seasoned, host, puppets, {
      leaveAfterMs: 0,
      endAfterMs: MIN_RATED_MS + 150,
    });
    expect(end.race).toMatchObject({ rated: false, unrated: 'tooFewPlayers' });
    expect(await ratingOf(seasoned, host)).toBe(1500);
    for (const puppet of puppets) expect(await ratingOf(seasoned, puppet)).toBe(1500);
  });

  it('rates a device racing in four rooms at once for one race, not four', async () => {
    const timing = { leaveAfterMs: MIN_RATED_MS + 100, endAfterMs: MIN_RATED_MS + 200 };
    const single = newDeviceId();
    await farm(seasoned, single, fresh(1), timing);
    const oneRace = await ratingOf(seasoned, single);
    expect(oneRace).toBeGreaterThan(1500);
    const greedy = newDeviceId();
    const ends = await Promise.all(
      Array.from({ length: 4 }, () => farm(seasoned, greedy, fresh(1), timing)),
    );
    // Each room saw a win from 1500; the store rated the device in one of them.
    for (const end of ends) expect(end.race!.standings![0]!.rating!.after).toBe(oneRace);
    expect(Math.abs((await ratingOf(seasoned, greedy)) - oneRace)).toBeLessThanOrEqual(1);
  });
});
