/**
 * `room:puzzle`, the host's own puzzle, over real sockets and the real puzzle pool: the server
 * checks it itself (a client's check is never trusted), shows only its grade before the start,
 * races it once, unrated, and refuses a forged bad puzzle with its reason.
 */
import { createRng, formatGrid, generate, getVariant } from '@percent/engine';
import type { RaceRecordView } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import {
  blanksOf,
  expectOk,
  solveGivens,
  startRace,
  twoPlayerLobby,
  useTestServer,
} from './harness.ts';

const server = useTestServer({
  rateLimit: { burst: 500, perSecond: 500, tooMany: 100 },
  pool: { perKind: 1, threads: 1, kinds: [{ variant: 'percent', difficulty: 'easy' }] },
});

const OWN = (() => {
  const made = generate({
    variant: getVariant('percent'),
    rng: createRng('own-1'),
    difficulty: 'easy',
  });
  if (made.status !== 'ok') throw new Error('no puzzle');
  return formatGrid(made.puzzle, '0');
})();

describe("the host's own puzzle", () => {
  it('is checked by the server, shown by its grade only, raced once and unrated', async () => {
    const { ann, bob } = await twoPlayerLobby(server.url);
    // Dots and line breaks, as pasted.
    const pasted = OWN.replace(/0/g, '.').replace(/(.{9})/g, '$1\n');
    expectOk(await ann.call('room:puzzle', { puzzle: pasted }));
    const seen = await bob.state((v) => v.imported !== null);
    expect(seen.imported).toMatchObject({
      variant: 'percent',
      clues: OWN.replace(/0/g, '').length,
    });
    expect(JSON.stringify(bob.received)).not.toContain(OWN);
    expect(seen.players.find((p) => p.nickname === 'Bob')?.ready).toBe(false);

    expect(await bob.call('room:puzzle', { puzzle: OWN })).toMatchObject({
      ok: false,
      error: { code: 'NOT_HOST' },
    });
    expectOk(await bob.call('room:ready', { ready: true }));
    const puzzle = await startRace(ann, bob);
    expect(puzzle).toBe(OWN);
    const solution = solveGivens(puzzle);
    const finished = ann.state((v) => v.phase === 'finished', 30_000);
    for (const [n, player] of [ann, bob].entries())
      for (const cell of blanksOf(puzzle))
        expectOk(
          await player.call('race:move', {
            moveId: `p${n}-${cell}`,
            cell,
            digit: Number(solution[cell]),
          }),
        );
    const ended = await finished;
    expect(ended.race).toMatchObject({ rated: false, unrated: 'importedPuzzle' });
    expect(ended.imported).toBeNull(); // used once: the next race draws again
    const stored = (await (await fetch(`${server.url}/api/races/${ended.race!.id}`)).json()) as {
      race: RaceRecordView;
    };
    expect(stored.race.puzzle).toBe(OWN);
    expect(stored.race.rated).toBe(false);
    ann.close();
    bob.close();
  }, 60_000);

  it('refuses what a forged client sends: unreadable, clashing, several solutions', async () => {
    const { ann, bob } = await twoPlayerLobby(server.url);
    const refused = async (puzzle: string) => {
      const reply = await ann.call('room:puzzle', { puzzle });
      expect(reply).toMatchObject({ ok: false, error: { code: 'PUZZLE_REFUSED' } });
      return reply.ok ? '' : reply.error.message;
    };
    expect(await refused('12345')).toBe('room:puzzle: cannot be read (cellCount)');
    expect(await refused(`55${'0'.repeat(79)}`)).toMatch(
      /^room:puzzle: two givens clash: 5 appears twice in row 1/,
    );
    expect(await refused(`1${'0'.repeat(80)}`)).toMatch(
      /^room:puzzle: it has more than one solution under the percent rules \(they differ at R\dC\d and R\dC\d\)$/,
    );
    expect(await ann.call('room:puzzle', { puzzle: 'x'.repeat(401) })).toMatchObject({
      ok: false,
      error: { code: 'BAD_PAYLOAD' },
    });
    // Nothing was kept: the next race draws from the pool.
    const view = expectOk<{ view: { imported: unknown } }>(await bob.call('room:sync'));
    expect(view.view.imported).toBeNull();
    ann.close();
    bob.close();
  }, 60_000);
});
