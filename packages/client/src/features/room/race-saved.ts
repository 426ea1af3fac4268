/**
 * A racing player's board kept on this device, so a reload or a lost tab brings back what
 * the server does not hold: pencil marks, colours, the undo history, wrong entries (shown
 * wrong, never re-sent) and the moves still awaiting their reply (re-sent with their ids, so
 * each counts once). One save per room code + race id + player id, written on every change
 * (a few hundred bytes for a typical board; the history encodes each step once: see
 * state/history-codec.ts); only the most recent `KEEP` races are kept.
 *
 * The same `SavedGame` format as solo (state/persist.ts).
 */
import type { Signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { PendingMove } from '@percent/net';
import type { RoomSession } from '../../net/room-session.ts';
import type { GameState } from '../../state/game.ts';
import { loadGame, saveGame, type SavedGame } from '../../state/persist.ts';
import { readStoredJson, writeStored } from '../../ui/storage.ts';
import { mergeSaved, raceGame } from './race-board.ts';

/** Which race's board; a spectator (no player id) has none to save. */
export interface RaceWhere {
  readonly code: string;
  readonly raceId: string;
  readonly playerId: string | null;
}

interface SavedRace {
  readonly game: SavedGame;
  readonly moves: readonly PendingMove[];
}

/** Races whose boards are kept; older saves are removed when a new race is saved. */
export const KEEP = 3;
const INDEX = 'race.saves';

const keyOf = (where: RaceWhere): string => `race.${where.code}.${where.raceId}.${where.playerId}`;

export function saveRace(where: RaceWhere, game: GameState, moves: readonly PendingMove[]): void {
  const key = keyOf(where);
  const saved: SavedRace = { game: saveGame(game), moves: [...moves] };
  // Older races go first, so a full storage makes room for this one.
  const index = savedKeys();
  if (index.at(-1) !== key) {
    const next = [...index.filter((k) => k !== key), key];
    for (const old of next.slice(0, -KEEP)) writeStored(old, undefined);
    writeStored(INDEX, JSON.stringify(next.slice(-KEEP)));
  }
  writeStored(key, JSON.stringify(saved));
}

function savedKeys(): string[] {
  const list = readStoredJson(INDEX);
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
}

/** The saved board and unanswered moves of this race; undefined when none or unreadable. */
export function loadRace(where: RaceWhere): { game: GameState; moves: PendingMove[] } | undefined {
  const data = readStoredJson(keyOf(where)) as Partial<SavedRace> | undefined;
  const game = data && typeof data === 'object' ? loadGame(data.game) : undefined;
  if (!game) return undefined;
  return { game, moves: Array.isArray(data?.moves) ? data.moves.filter(isMove) : [] };
}

const isMove = (m: unknown): m is PendingMove => {
  const move = m as Partial<PendingMove> | null;
  return (
    typeof move?.moveId === 'string' &&
    Number.isInteger(move.cell) &&
    Number.isInteger(move.digit) &&
    move.cell! >= 0 &&
    move.cell! < 81 &&
    move.digit! >= 0 &&
    move.digit! <= 9
  );
};

/**
 * The board to show when RacePlay mounts: the server's (`raceGame`) merged with this
 * device's save (`mergeSaved`), or the server's alone when there is no usable save.
 */
export function restoredRaceGame(
  where: RaceWhere,
  variant: Parameters<typeof raceGame>[0],
  puzzle: string,
  own: string | null,
): GameState | undefined {
  const fresh = raceGame(variant, puzzle, own);
  const saved = fresh && where.playerId !== null ? loadRace(where) : undefined;
  if (!fresh || !saved) return fresh;
  const resent = new Set(saved.moves.map((m) => m.cell));
  return mergeSaved(saved.game, fresh, (c) => resent.has(c)) ?? fresh;
}

/**
 * Re-sends the saved unanswered moves once (call after the move listener is set), then saves
 * the board after every change of `game`, with the moves still unanswered. The write waits
 * until the frame that shows the change has been painted (a key press never waits for
 * localStorage), so one action's changes (entry, verdict, queued move) are saved together;
 * a page being hidden or closed writes at once.
 */
export function useRaceSaving(
  where: RaceWhere,
  game: Signal<GameState> | undefined,
  session: RoomSession,
): void {
  useEffect(() => {
    if (!game || where.playerId === null) return undefined;
    // After a reload the queue starts empty; a remount in the same page keeps its own queue.
    const saved = session.moves.pending().length === 0 ? loadRace(where) : undefined;
    if (saved) session.resend(saved.moves);
    let queued = false;
    const save = () => {
      if (!queued) return;
      queued = false;
      saveRace(where, game.peek(), session.moves.pending());
    };
    const unsubscribe = game.subscribe(() => {
      if (queued) return;
      queued = true;
      afterPaint(save);
    });
    addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', save);
    return () => {
      save();
      unsubscribe();
      removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', save);
    };
  }, [game, session, where.code, where.raceId, where.playerId]);
}

/** Runs `task` after the next frame is painted (a timer queued from the frame's callback). */
function afterPaint(task: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(task, 0));
  else setTimeout(task, 0);
}
