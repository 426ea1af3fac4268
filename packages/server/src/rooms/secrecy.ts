import { isRaceOn } from './room.ts';
import type { Recipient, Room } from './types.ts';

/**
 * Who may not see other runners' digits while a race is on, even where the room shows them to
 * spectators (`spectatorDigits: live|delay`): a watcher — a spectator, or a seat that sits the
 * race out — whose device races in it (its id: `DEVICE_NOT_YOURS` keeps others from claiming
 * it), or who connects from the address of a seat that races in it, whatever device id it
 * claims. A racer's second tab, or a second browser on the same machine, thus watches without
 * boards. Loopback addresses are not compared (a LAN server's own machine hosts the TV and
 * tests); behind a proxy the address is the proxy's unless `TRUST_PROXY` (quotas.ts).
 */
export function blindTo(room: Room, recipient: Recipient): boolean {
  const race = room.race;
  if (!race || !isRaceOn(room)) return false;
  const watcher =
    recipient.role === 'player'
      ? room.seats.find((seat) => seat.id === recipient.playerId)
      : room.spectators.find((s) => s.connectionId === recipient.connectionId);
  if (!watcher) return false;
  const own = recipient.role === 'player' ? recipient.playerId : null;
  return race.runners.some((runner) => {
    if (runner.status !== 'racing' || runner.playerId === own) return false;
    if (runner.deviceId === watcher.deviceId) return true;
    const seat = room.seats.find((s) => s.id === runner.playerId);
    return sameAddress(seat?.address ?? null, watcher.address);
  });
}

/** Two known, non-loopback addresses that are the same. */
function sameAddress(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && a === b && !isLoopback(a);
}

/** 127.0.0.0/8 and ::1, also IPv4-mapped (`::ffff:127.0.0.1`). */
const isLoopback = (address: string): boolean =>
  address === '::1' || /^(::ffff:)?127\./.test(address);
