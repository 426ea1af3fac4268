import { ROOM_QUERY } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import { Link, openSocket } from './link.ts';
import { memoryOf, RoomSession } from './room-session.ts';

/** A socket that never connects (nothing listens there; autoConnect off). */
const idle = () => openSocket('http://127.0.0.1:9', { autoConnect: false, reconnection: false });
const queryOf = (link: Link) => link.socket.io.opts.query as Record<string, string> | undefined;

describe('naming the room in the handshake (ROOM_QUERY)', () => {
  it('puts the room in every later handshake, on this socket and on a replacement', () => {
    const link = new Link(idle());
    expect(queryOf(link)?.[ROOM_QUERY]).toBeUndefined();
    link.routeTo('ABCDE');
    expect(queryOf(link)).toEqual({ [ROOM_QUERY]: 'ABCDE' });
    link.replace(idle());
    expect(queryOf(link)).toEqual({ [ROOM_QUERY]: 'ABCDE' });
    link.routeTo(null);
    expect(queryOf(link)).toEqual({});
    link.close();
  });

  it('keeps the other query parameters a socket was opened with', () => {
    const link = new Link(
      openSocket('http://127.0.0.1:9', { autoConnect: false, query: { a: '1' } }),
    );
    link.routeTo('QWERT');
    expect(queryOf(link)).toEqual({ a: '1', [ROOM_QUERY]: 'QWERT' });
    link.close();
  });

  it('is named by a room session for its room, by a created room once its code is known, and dropped on leave', async () => {
    const routes: (string | null)[] = [];
    const view = { code: 'NEWRM', serverNow: 0 };
    const link = {
      connected: true,
      on: () => () => undefined,
      onConnect: () => () => undefined,
      routeTo: (code: string | null) => routes.push(code),
      request: (event: string) =>
        Promise.resolve(
          event === 'room:create'
            ? { ok: true, role: 'player', playerId: 'p1', sessionToken: 't', graceSec: 60, view }
            : { ok: true },
        ),
    };
    const joining = new RoomSession('ABCDE', link as never, memoryOf('device-abcdefgh'));
    expect(routes).toEqual(['ABCDE']);
    joining.dispose();
    routes.length = 0;
    const creating = new RoomSession('', link as never, memoryOf('device-abcdefgh'));
    expect(routes).toEqual([]);
    expect(await creating.create('Ann')).toBe(true);
    expect(routes).toEqual(['NEWRM']);
    await creating.leave();
    expect(routes).toEqual(['NEWRM', null]);
    creating.dispose();
  });
});
