/**
 * `room:react` over real sockets: a player's and a spectator's reactions reach every member
 * (`room:reaction`, a spectator unnamed), a flood from one socket is refused past the limit
 * and nobody hears the refused ones, a socket outside the room is refused, and every seat has
 * its own colour in the view.
 */
import { REACTION_LIMIT, type ReactionEvent } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import { connect, expectOk, newDeviceId, twoPlayerLobby, useTestServer } from './harness.ts';

const server = useTestServer({ rateLimit: { burst: 500, perSecond: 500, tooMany: 100 } });

const reactionsIn = (received: readonly { event: string; payload: unknown }[]) =>
  received.filter((r) => r.event === 'room:reaction').map((r) => r.payload as ReactionEvent);

describe('reactions', () => {
  it('reach every member, from a player and from a spectator; a flood is refused', async () => {
    const { ann, bob, annSeat, bobSeat } = await twoPlayerLobby(server.url);
    const watcher = await connect(server.url);
    expectOk(
      await watcher.call('room:spectate', { code: annSeat.view.code, deviceId: newDeviceId() }),
    );
    expect(bobSeat.view.players.map((p) => p.colour)).toEqual([0, 1]);

    expectOk(await bob.call('room:react', { emoji: '👏' }));
    expectOk(await watcher.call('room:react', { emoji: '🎉' }));
    const expected = [
      { emoji: '👏', playerId: bobSeat.playerId },
      { emoji: '🎉', playerId: null },
    ];
    for (const client of [ann, bob, watcher])
      await expect
        .poll(() =>
          reactionsIn(client.received).map(({ emoji, playerId }) => ({ emoji, playerId })),
        )
        .toEqual(expected);

    // A flood from Ann: the first ones go, the rest are refused and never sent to anyone.
    const replies = [];
    for (let i = 0; i < REACTION_LIMIT.count + 5; i++)
      replies.push(await ann.call('room:react', { emoji: '🔥' }));
    expect(replies.filter((r) => r.ok)).toHaveLength(REACTION_LIMIT.count);
    expect(replies.slice(REACTION_LIMIT.count)).toEqual(
      Array.from({ length: 5 }, () => ({
        ok: false,
        error: { code: 'RATE_LIMITED', message: 'room:react: at most 3 reactions in 5 s' },
      })),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reactionsIn(bob.received).filter((r) => r.emoji === '🔥')).toHaveLength(
      REACTION_LIMIT.count,
    );

    // Free text is no reaction; a socket outside the room is not heard.
    expect(await bob.call('room:react', { emoji: 'hello' })).toMatchObject({
      ok: false,
      error: { code: 'BAD_PAYLOAD' },
    });
    const stranger = await connect(server.url);
    expect(await stranger.call('room:react', { emoji: '👏' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_IN_ROOM' },
    });
    for (const client of [ann, bob, watcher, stranger]) client.close();
  }, 30_000);
});
