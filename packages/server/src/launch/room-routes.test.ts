import type { Worker } from 'node:cluster';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { RoomRoutes, roomOfHead } from './room-routes.ts';

/** A stand-in for a cluster Worker: what sticky and the routes read of one. */
function worker(clientsCount: number) {
  const state = { dead: false };
  const made = {
    clientsCount,
    isDead: () => state.dead,
    isConnected: () => !state.dead,
    kill: () => void (state.dead = true),
  };
  return made as typeof made & Worker;
}

/** Sticky's least-connection choice, as its `computeWorkerId` makes it. */
function stickyChoice(workers: readonly (Worker & { clientsCount?: number })[]): Worker {
  let least = workers[0]!;
  for (const w of workers) if ((w.clientsCount || 0) < (least.clientsCount || 0)) least = w;
  return least;
}

const head = (query: string) => `GET /socket.io/?EIO=4&transport=websocket${query} HTTP/1.1\r\n`;

describe('routing a connection to the worker running its room', () => {
  it('reads the room from the first line of a handshake, never from a bound session', () => {
    expect(roomOfHead(head('&room=abcde'))).toBe('ABCDE');
    expect(roomOfHead(head('&room=ABCDE&t=1'))).toBe('ABCDE');
    expect(roomOfHead(`GET /socket.io/?room=QWERT HTTP/1.1\r\nHost: x\r\n`)).toBe('QWERT');
    expect(roomOfHead(head(''))).toBeUndefined();
    expect(roomOfHead(head('&room=ABCDEF'))).toBeUndefined();
    expect(roomOfHead(head('&room=ABCDE&sid=AbCdEfGhIjKlMnOpQrSt'))).toBeUndefined();
    expect(roomOfHead(`GET /x HTTP/1.1\r\nReferer: /?room=ABCDE\r\n`)).toBeUndefined();
  });

  it("makes the owner sticky's choice for that one call, then restores the counts", () => {
    const cluster = new EventEmitter();
    const routes = new RoomRoutes(cluster);
    const [a, b] = [worker(1), worker(9)];
    cluster.emit('message', b, { type: 'percent:room', code: 'ABCDE', owned: true });
    expect(routes.ownerOf('ABCDE')).toBe(b);
    expect(stickyChoice([a, b])).toBe(a);

    const undo = routes.steer(head('&room=ABCDE'));
    expect(stickyChoice([a, b])).toBe(b);
    undo?.();
    expect([a.clientsCount, b.clientsCount]).toEqual([1, 9]);
    expect(stickyChoice([a, b])).toBe(a);
    expect(routes.steer(head('&room=ZZZZZ'))).toBeUndefined();
    expect(routes.steer(head(''))).toBeUndefined();
  });

  it('forgets a room its owner let go, a dead worker and one still starting', () => {
    const cluster = new EventEmitter();
    const routes = new RoomRoutes(cluster);
    const [a, b] = [worker(0), worker(0)];
    cluster.emit('message', a, { type: 'percent:room', code: 'ABCDE', owned: true });
    cluster.emit('message', a, { type: 'percent:room', code: 'QWERT', owned: true });
    // Another worker took ABCDE over; the old owner's late "let go" must not erase that.
    cluster.emit('message', b, { type: 'percent:room', code: 'ABCDE', owned: true });
    cluster.emit('message', a, { type: 'percent:room', code: 'ABCDE', owned: false });
    expect(routes.ownerOf('ABCDE')).toBe(b);
    cluster.emit('message', a, { type: 'percent:room', code: 'QWERT', owned: false });
    expect(routes.ownerOf('QWERT')).toBeUndefined();

    cluster.emit('message', a, { type: 'percent:room', code: 'QWERT', owned: true });
    a.kill();
    expect(routes.steer(head('&room=QWERT'))).toBeUndefined();
    cluster.emit('exit', a);
    expect(routes.ownerOf('QWERT')).toBeUndefined();
    expect(routes.size).toBe(1);

    b.clientsCount = Number.MAX_SAFE_INTEGER; // held back until it says it is ready
    expect(routes.steer(head('&room=ABCDE'))).toBeUndefined();
    cluster.emit('message', b, { type: 'percent:ready', restoredRooms: 0 });
    cluster.emit('message', b, { type: 'percent:room', code: 7, owned: true });
    expect(routes.size).toBe(1);
  });
});
