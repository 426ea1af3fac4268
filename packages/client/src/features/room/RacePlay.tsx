/**
 * The racing player's screen: <PlayBoard> and the race panel. Each entry is drawn at once as
 * pending, sent as a move, then confirmed or marked wrong by the server's reply; a reply to an
 * older move of the same cell is ignored. One slip is one mistake: a wrong digit the server has
 * judged is not sent again when undo/redo (or typing) brings it back — the cell shows it wrong
 * at once (the server would answer it as a duplicate anyway). Finished or out: the board turns
 * read-only. "Give up"
 * (confirmed inline) takes the player out of the race; they stay and watch the rest.
 * A snapshot whose board cannot be read shows an error instead of a wrong board.
 */
import type { MoveReply, MoveVerdict, RaceView, RoomView, RunnerStatus } from '@percent/protocol';
import { signal, useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { PlayBoard } from '../play/PlayBoard.tsx';
import { t } from '../../i18n/index.ts';
import type { NetResult } from '../../net/connection.ts';
import type { RoomSession } from '../../net/room-session.ts';
import { playerOf } from '@percent/net';
import { setVerdict, type Verdict } from '../../state/game.ts';
import { reconcile } from './race-board.ts';
import { restoredRaceGame, useRaceSaving } from './race-saved.ts';
import { RacePanel } from './RacePanel.tsx';
import { ConfirmButton } from '../../ui/ConfirmButton.tsx';
import { ordinal } from './show/race-facts.ts';
import '../../ui/rules-ui.css';
import { errorText } from '../../ui/errors.ts';
import { announce } from '../../ui/Announcer.tsx';
import { play } from '../../sound/sound.ts';
import { moveAnnouncement } from '../../ui/race-announcements.ts';
import { afterInputPaint } from '../../ui/paint-first.ts';

interface Props {
  readonly view: RoomView;
  readonly race: RaceView & { puzzle: string };
  readonly session: RoomSession;
}

export function RacePlay({ view, race, session }: Props) {
  // This device's save of the race (marks, colours, wrong entries: race-saved.ts).
  const where = { code: view.code, raceId: race.id, playerId: view.you.playerId };
  const game = useMemo(() => {
    // A new race (a rematch) brings a new board; later snapshots of it reconcile below.
    const initial = restoredRaceGame(where, race.variant, race.puzzle, race.own);
    return initial && signal(initial);
  }, [race.id]);
  const message = useSignal<string | undefined>(undefined);
  // The wrong digits the server judged in this race, by cell (`slipKey`).
  const slips = useMemo(() => new Set<number>(), [race.id]);
  useEffect(() => {
    if (!game || race.own === null) return;
    const next = reconcile(game.value, race.own, (c) => session.moves.isPending(c));
    if (next) game.value = next;
    else message.value = t('room.error.generic');
  }, [race.own]);
  useEffect(() => {
    session.onMove((move, reply, latest) =>
      afterInputPaint(() => {
        if (reply.ok && reply.verdict === 'wrong') slips.add(slipKey(move.cell, move.digit));
        if (game && latest) game.value = setVerdict(game.value, move.cell, verdictOf(reply));
        // The verdict is drawn on the cell; a screen reader hears it (a retry's was heard), and so
        // does everyone: a quiet tick for a right digit, a buzz (and a buzz of the phone) for a
        // wrong one.
        if (latest && reply.ok && !reply.duplicate) {
          announce(moveAnnouncement(reply));
          if (reply.verdict !== 'cleared') play(reply.verdict);
        }
        message.value = reply.ok ? undefined : errorText(reply.error);
      }),
    );
  }, [session, game, slips]);
  useRaceSaving(where, game, session);
  if (!game)
    return (
      <p class="error" role="alert">
        {t('room.error.generic')}
      </p>
    );
  const me = playerOf(view, view.you.playerId);
  const status = me?.race?.status ?? 'racing';
  const done = status !== 'racing';
  return (
    <section class="race" data-testid="race" data-status={status}>
      <div class="race-board">
        <PlayBoard
          game={game}
          readOnly={done}
          onEnter={(cell, digit) => {
            if (slips.has(slipKey(cell, digit))) {
              game.value = setVerdict(game.value, cell, 'wrong');
              return;
            }
            game.value = setVerdict(game.value, cell, 'pending');
            session.move(cell, digit);
          }}
        >
          {done && (
            <p class={`race-outcome outcome-${status}`} role="status" data-testid="race-outcome">
              {outcomeText(status, me?.race?.place ?? null)}
            </p>
          )}
          {view.you.can.forfeit && <GiveUp session={session} />}
          {message.value && (
            <p class="error" role="alert">
              {message.value}
            </p>
          )}
        </PlayBoard>
      </div>
      <RacePanel view={view} clock={session.clock} remove={(id) => session.kick(id)} />
    </section>
  );
}

/** The runner's outcome; a finisher hears their place so far (provisional until the end). */
function outcomeText(status: Exclude<RunnerStatus, 'racing'>, place: number | null): string {
  if (status === 'finished' && place !== null) {
    return t('race.outcome.finishedPlace', { place: ordinal(place) });
  }
  return t(`race.outcome.${status}`);
}

/** Giving up, confirmed inline: out of this race, still in the room to watch the rest. */
function GiveUp({ session }: { session: RoomSession }) {
  return (
    <div class="race-forfeit">
      <ConfirmButton
        id="forfeit"
        label={t('race.forfeit')}
        question={t('race.forfeitConfirm.text')}
        confirm={t('race.forfeitConfirm.yes')}
        stay={t('race.forfeitConfirm.stay')}
        onConfirm={() => session.forfeit()}
      />
    </div>
  );
}

/** A judged wrong digit's key: the same digit in the same cell is the same slip. */
const slipKey = (cell: number, digit: number): number => cell * 10 + digit;

/** What the server's judgement of a move shows on its cell. */
const VERDICT_OF = {
  correct: 'confirmed',
  wrong: 'wrong',
  cleared: 'none',
} satisfies Record<MoveVerdict, Verdict>;

/** The cell's verdict after the reply to its latest move; a refused move has none. */
const verdictOf = (reply: NetResult<MoveReply>): Verdict =>
  reply.ok ? VERDICT_OF[reply.verdict] : 'none';
