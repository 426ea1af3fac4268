/**
 * A race across two nodes for the cluster tests: Ann creates the room on node 0 (its owner), Bob
 * joins on node 1, Bob readies and Ann starts; both then play from the puzzle's solution.
 */
import { blanksOf, newDeviceId, solveGivens } from '../server/harness.ts';
import { ClusterPlayer } from './player.ts';

/** How long a race's start may take on fresh nodes (see below). */
const START_TIMEOUT_MS = 30_000;

export async function raceOnTwoNodes(urls: readonly string[], evening?: { rounds: number }) {
  const ann = new ClusterPlayer(urls, 0, 'Ann', newDeviceId());
  const bob = new ClusterPlayer(urls, 1, 'Bob', newDeviceId());
  const lobby = await ann.create();
  await bob.join(lobby.code);
  // As a round of an evening, when asked: the evening lives in the room's snapshot too.
  if (evening) {
    const planned = await ann.call('tournament:start', evening);
    if (!planned?.ok) throw new Error(`no evening: ${JSON.stringify(planned)}`);
  }
  const ready = await bob.call('room:ready', { ready: true });
  // The first race of fresh nodes may wait for its puzzle: each node's pool generates its first
  // ones at start on one thread, which under CI's load (browsers beside) took over 5 s.
  const started = await ann.call('race:start', {}, START_TIMEOUT_MS);
  if (!ready?.ok || !started?.ok) throw new Error(`no race: ${JSON.stringify({ ready, started })}`);
  const racing = await bob.state((v) => v.phase === 'racing' && v.race?.puzzle != null);
  const puzzle = racing.race!.puzzle!;
  return { ann, bob, puzzle, solution: solveGivens(puzzle), blanks: blanksOf(puzzle) };
}

/** Plays `cells` in order with their right digits, one move at a time, as acks come back. */
export async function play(player: ClusterPlayer, cells: readonly number[], solution: string) {
  for (const cell of cells) await player.move(cell, Number(solution[cell]));
}
