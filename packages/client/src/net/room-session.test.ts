import { NOTHING_ALLOWED, type RoomView } from '@percent/protocol';
import { memoryOf, type RoomLink } from '@percent/net';
import { racingRoom } from '@percent/net/testing';
import { describe, expect, it } from 'vitest';
import { RoomSession } from './room-session.ts';

/** A link that never connects: the tests hand the session its `room:state` events. */
function fakeLink() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const link = {
    connected: false,
    on: (event: string, handler: (payload: unknown) => void) => {
      handlers.set(event, handler);
      return () => handlers.delete(event);
    },
    onConnect: () => () => undefined,
    request: () => new Promise(() => undefined),
  } as unknown as RoomLink;
  return { link, state: (view: RoomView) => handlers.get('room:state')!(view) };
}

describe('RoomSession and the commit–reveal witness', () => {
  const first = 'c0'.repeat(32);
  const frame = (phase: RoomView['phase'], race: Partial<NonNullable<RoomView['race']>>) =>
    racingRoom({ phase, you: { role: 'player', playerId: 'p1', can: NOTHING_ALLOWED } }, race);

  it('remembers the commitment of the countdown and the puzzle played, whatever the end says', () => {
    const { link, state } = fakeLink();
    const session = new RoomSession('ABCDE', link, memoryOf('device-abcdefgh'));
    state(frame('countdown', { commitment: first, puzzle: null }));
    state(frame('racing', { commitment: first, puzzle: `5${'0'.repeat(80)}` }));
    state(frame('finished', { commitment: 'd1'.repeat(32), puzzle: `6${'0'.repeat(80)}` }));
    expect(session.view.value?.race?.commitment).toBe('d1'.repeat(32));
    expect(session.witness.value).toEqual({
      raceId: 'r1',
      commitment: first,
      beforeStart: true,
      puzzle: `5${'0'.repeat(80)}`,
    });
    session.dispose();
  });

  it('marks a race this tab first saw at its end as not witnessed before the start', () => {
    const { link, state } = fakeLink();
    const session = new RoomSession('ABCDE', link, memoryOf('device-abcdefgh'));
    state(frame('finished', { id: 'r9', commitment: first }));
    expect(session.witness.value).toMatchObject({ raceId: 'r9', beforeStart: false });
    session.dispose();
  });
});
