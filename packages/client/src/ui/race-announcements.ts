/**
 * What a race says through the live region (ui/Announcer.tsx): the verdict of your own move,
 * finishes (yours with your place, and the others'), players out, and the end of the race.
 * Progress percentages are not announced: they change on every move of every player.
 * `raceAnnouncements` is pure (two snapshots in, messages out); the hooks feed `announce`.
 */
import type { MoveReply, PlayerView, RoomView } from '@percent/protocol';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../i18n/index.ts';
import { ordinal } from '../i18n/ordinal.ts';
import { placeOf } from '@percent/net';
import { announce, type Politeness } from './Announcer.tsx';

/** "R3C4: 7 is wrong, 2 mistakes" / "R3C4: 7 is correct" / "R3C4 cleared". */
export function moveAnnouncement(reply: MoveReply): string {
  const cell = t('a11y.cell', { row: Math.floor(reply.cell / 9) + 1, col: (reply.cell % 9) + 1 });
  const digit = reply.digit;
  switch (reply.verdict) {
    case 'correct':
      return t('a11y.move.correct', { cell, digit });
    case 'wrong':
      return t('a11y.move.wrong', { cell, digit, n: reply.progress.mistakes });
    case 'cleared':
      return t('a11y.move.cleared', { cell });
  }
}

/** Why a player stopped racing; nothing for your own giving up or leaving (your own act). */
function statusMessage(view: RoomView, player: PlayerView): string | undefined {
  const you = player.id === view.you.playerId;
  switch (player.race?.status) {
    case 'finished': {
      const rank = placeOf(player); // the server gives every finished runner one
      if (rank === null) return undefined;
      const place = ordinal(rank);
      return you
        ? t('a11y.finished.you', { place })
        : t('a11y.finished.other', { name: player.nickname, place });
    }
    case 'eliminated':
      return you ? t('race.outcome.eliminated') : t('a11y.out.other', { name: player.nickname });
    case 'idle':
      return you ? t('a11y.out.you') : t('a11y.out.other', { name: player.nickname });
    case 'forfeited':
      return you ? undefined : t('a11y.forfeited.other', { name: player.nickname });
    case 'left':
      return you ? undefined : t('a11y.left.other', { name: player.nickname });
    default:
      return undefined; // racing, or out of time: the end of the race says it
  }
}

export interface Announcement {
  readonly text: string;
  readonly politeness: Politeness;
}

/**
 * The messages for the change from `before` to `after`: "Go!" (assertive) when the countdown
 * gives way to the race; within one race, each player whose race status left "racing" (in the
 * order of the players), then the race's end.
 */
export function raceAnnouncements(before: RoomView | undefined, after: RoomView): Announcement[] {
  if (before?.phase === 'countdown' && after.phase === 'racing')
    return [{ text: t('countdown.go'), politeness: 'assertive' }];
  return statusChanges(before, after).map((text) => ({ text, politeness: 'polite' }));
}

function statusChanges(before: RoomView | undefined, after: RoomView): string[] {
  const race = after.race;
  if (!before?.race || !race || before.race.id !== race.id) return [];
  const messages: string[] = [];
  for (const player of after.players) {
    const was = before.players.find((p) => p.id === player.id)?.race?.status;
    if (was !== 'racing' || player.race?.status === 'racing') continue;
    const message = statusMessage(after, player);
    if (message) messages.push(message);
  }
  if (before.race.endedAt === null && race.endedAt !== null) {
    const cause = race.endedBy ? t(`results.endedBy.${race.endedBy}`) : '';
    messages.push(t('a11y.raceOver', { cause }).trim());
  }
  return messages;
}

/** Announces what changed between successive snapshots of a room. */
export function useRaceAnnouncements(view: RoomView | undefined): void {
  const previous = useRef<RoomView | undefined>(undefined);
  useEffect(() => {
    if (view)
      for (const { text, politeness } of raceAnnouncements(previous.current, view))
        announce(text, politeness);
    previous.current = view;
  }, [view]);
}

/** Announces `text` whenever it changes (and when first shown), e.g. the countdown's number. */
export function useAnnounceChange(text: string, politeness: Politeness = 'polite'): void {
  useEffect(() => announce(text, politeness), [text]);
}
