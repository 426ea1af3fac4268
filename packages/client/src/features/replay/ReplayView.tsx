/**
 * A loaded replay: the transport, every player's board at the scrubber's moment, the final
 * standings and the selected player's debrief. What is drawn is `replayAt(record, ms)`; the
 * only state here is the playback (a reducer), the debrief's player and the picked item.
 */
import { useEffect, useMemo, useReducer, useState } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import { savedNickname } from '../../net/identity.ts';
import { debriefInputOf } from './debrief/debrief-input.ts';
import type { DebriefItem } from './debrief/debrief-text.ts';
import { DebriefPanel } from './debrief/DebriefPanel.tsx';
import { initialPlayback, playback, type PlaybackAction } from './playback.ts';
import { ReplayCard, type Focus } from './ReplayCard.tsx';
import { ReplayControls } from './ReplayControls.tsx';
import type { ReplayRecord } from './replay-record.ts';
import {
  flashWindow,
  movesBy,
  nextMoveAt,
  previousMoveAt,
  replayAt,
  timelineMarks,
  type Pin,
} from './replay-state.ts';
import { ReplayStandings } from './ReplayStandings.tsx';

interface Props {
  readonly record: ReplayRecord;
  /** The player whose debrief shows first (`?player=ID`); else this device's nickname, else the winner. */
  readonly initialPlayer: string | null;
}

export function ReplayView({ record, initialPlayer }: Props) {
  const [state, dispatch] = useReducer(playback, record.durationMs, initialPlayback);
  usePlaybackLoop(state.playing, dispatch);
  const [chosen, setChosen] = useState(() => firstPlayer(record, initialPlayer));
  const [picked, setPicked] = useState<DebriefItem | null>(null);
  const marks = useMemo(() => timelineMarks(record), [record]);
  const pick = (item: DebriefItem) => {
    setPicked(item);
    dispatch({ type: 'pause' });
    dispatch({ type: 'seek', ms: item.at });
    showBoard(chosen);
  };
  const choose = (playerId: string) => {
    setChosen(playerId);
    setPicked(null);
  };
  return (
    <div class="replay-body" onKeyDown={(e) => pageKeys(e, dispatch, record, state.ms)}>
      <ReplayControls
        state={state}
        dispatch={dispatch}
        moveCount={{ done: movesBy(record, state.ms), total: record.moves.length }}
        marks={marks}
        onPrevMove={() => seekMaybe(dispatch, previousMoveAt(record, state.ms))}
        onNextMove={() => seekMaybe(dispatch, nextMoveAt(record, state.ms))}
      />
      <div class="replay-layout">
        <ReplayBoards
          record={record}
          ms={state.ms}
          flashMs={flashWindow(state)}
          chosen={chosen}
          picked={picked}
          onChoose={choose}
        />
        <ReplaySide record={record} chosen={chosen} picked={picked} onPick={pick} />
      </div>
    </div>
  );
}

interface BoardsProps {
  readonly record: ReplayRecord;
  readonly ms: number;
  /** While playing, a wrong digit stays visible about 1.5 s of real time whatever the speed. */
  readonly flashMs: number;
  readonly chosen: string;
  readonly picked: DebriefItem | null;
  readonly onChoose: (playerId: string) => void;
}

/** Every player's card at `ms`; the picked debrief item is shown on the chosen player's board. */
function ReplayBoards({ record, ms, flashMs, chosen, picked, onChoose }: BoardsProps) {
  // A picked mistake shows its wrong digit, even when it ended the race (the timeline's end).
  const pin: Pin | null =
    picked?.kind === 'mistake' && picked.cell !== null
      ? { playerId: chosen, cell: picked.cell, at: picked.at }
      : null;
  const frames = replayAt(record, ms, { flashMs, pin });
  const focus: Focus | null = picked && {
    cells: new Set(picked.cells),
    area: new Set(picked.area),
  };
  const several = record.players.length > 1;
  return (
    <div class={`spectate-grid replay-grid${several ? '' : ' single'}`}>
      {record.players.map((player, i) => (
        <ReplayCard
          key={player.id}
          player={player}
          frame={frames[i]!}
          variant={record.variant}
          puzzle={record.puzzle}
          ghostHref={ghostHref(record, player.id)}
          focus={player.id === chosen ? focus : null}
          selected={several && player.id === chosen}
          onSelect={several ? () => onChoose(player.id) : null}
        />
      ))}
    </div>
  );
}

interface SideProps {
  readonly record: ReplayRecord;
  readonly chosen: string;
  readonly picked: DebriefItem | null;
  readonly onPick: (item: DebriefItem) => void;
}

/** The chosen player's debrief (every player's worked out at once) and the final standings. */
function ReplaySide({ record, chosen, picked, onPick }: SideProps) {
  const inputs = useMemo(
    () => record.players.flatMap((p) => debriefInputOf(record, p.id) ?? []),
    [record],
  );
  const index = Math.max(
    0,
    record.players.findIndex((p) => p.id === chosen),
  );
  const name = record.players[index]?.nickname ?? '';
  return (
    <aside class="replay-side">
      <DebriefPanel
        inputs={inputs}
        show={index}
        onPick={onPick}
        picked={picked}
        title={record.players.length > 1 ? t('replay.debriefOf', { name }) : undefined}
      />
      {record.kind === 'race' && <ReplayStandings players={record.players} />}
    </aside>
  );
}

function firstPlayer(record: ReplayRecord, wanted: string | null): string {
  const players = record.players;
  const mine = savedNickname();
  return (
    players.find((p) => p.id === wanted)?.id ??
    players.find((p) => mine !== '' && p.nickname === mine)?.id ??
    players[0]?.id ??
    ''
  );
}

/** `/solo?ghost=race:<raceId>:<playerId>` or `/solo?ghost=solve:<solveId>`. */
export function ghostHref(record: ReplayRecord, playerId: string): string {
  const ghost = record.kind === 'race' ? `race:${record.id}:${playerId}` : `solve:${record.id}`;
  return `/solo?ghost=${encodeURIComponent(ghost)}`;
}

/** Brings a player's board into view: on a phone the debrief sits below every board. */
function showBoard(playerId: string): void {
  requestAnimationFrame(() => {
    const selector = `[data-testid="replay-card"][data-player-id="${CSS.escape(playerId)}"] .replay-board`;
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    document
      .querySelector(selector)
      ?.scrollIntoView({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
  });
}

const seekMaybe = (dispatch: (a: PlaybackAction) => void, ms: number | undefined) => {
  if (ms === undefined) return;
  dispatch({ type: 'pause' });
  dispatch({ type: 'seek', ms });
};

/** Space plays or pauses, `,` and `.` step move by move — unless a control wants the key. */
function pageKeys(
  event: KeyboardEvent,
  dispatch: (a: PlaybackAction) => void,
  record: ReplayRecord,
  ms: number,
): void {
  const target = event.target as HTMLElement | null;
  const tag = target?.tagName ?? '';
  if (tag === 'SELECT' || tag === 'TEXTAREA' || event.ctrlKey || event.metaKey || event.altKey)
    return;
  if (event.key === ' ' && tag !== 'BUTTON') {
    event.preventDefault();
    dispatch({ type: 'toggle' });
  } else if (event.key === ',') seekMaybe(dispatch, previousMoveAt(record, ms));
  else if (event.key === '.') seekMaybe(dispatch, nextMoveAt(record, ms));
}

/** While playing, one `tick` per animation frame with the real time since the last. */
function usePlaybackLoop(playing: boolean, dispatch: (action: PlaybackAction) => void): void {
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      dispatch({ type: 'tick', realMs: Math.max(0, now - last) });
      last = now;
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, dispatch]);
}
