/**
 * Which cues a room's change sounds (pure: two snapshots in, cues out), and the hook that plays
 * them. The countdown's seconds are the countdown's own (`Countdown.tsx`); your own move's
 * verdict is the race screen's (it knows which reply is yours).
 */
import type { RoomView } from '@percent/protocol';
import { useEffect, useRef } from 'preact/hooks';
import { play, type Cue } from './sound.ts';

/**
 * From `before` to `after` in one race: "go" when the countdown gives way to the race; each
 * player who finished — "finish" for you, "playerFinished" for the others; "podium" at the end.
 */
export function raceCues(before: RoomView | undefined, after: RoomView): Cue[] {
  if (before?.phase === 'countdown' && after.phase === 'racing') return ['go'];
  const race = after.race;
  if (!before?.race || !race || before.race.id !== race.id) return [];
  const cues: Cue[] = [];
  for (const player of after.players) {
    const was = before.players.find((p) => p.id === player.id)?.race?.status;
    if (was !== 'racing' || player.race?.status !== 'finished') continue;
    cues.push(player.id === after.you.playerId ? 'finish' : 'playerFinished');
  }
  if (before.race.endedAt === null && race.endedAt !== null) cues.push('podium');
  return cues;
}

/** Plays what changed between successive snapshots of a room. */
export function useRaceCues(view: RoomView | undefined): void {
  const previous = useRef<RoomView | undefined>(undefined);
  useEffect(() => {
    if (view) for (const cue of raceCues(previous.current, view)) play(cue);
    previous.current = view;
  }, [view]);
}
