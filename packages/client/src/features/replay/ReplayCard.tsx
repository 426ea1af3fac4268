/**
 * One player of the replay: name and place, progress and mistakes at this moment, their board
 * (wrong digits flash red when entered — in a solve they stay, drawn wrong, until replaced;
 * every cell that ever took a wrong digit keeps a red corner mark) and a link to race them as a ghost.
 */
import { Avatar } from '../../ui/Avatar.tsx';
import { getVariant, type VariantIdName } from '@percent/engine';
import { useMemo } from 'preact/hooks';
import { Board } from '../../board/Board.tsx';
import { cellX, cellY, UNIT, VIEW } from '../../board/geometry.ts';
import { t } from '../../i18n/index.ts';
import { Link } from '../../ui/Link.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { formatTime } from '../../ui/time.ts';
import { frameGame, frameHighlights } from './replay-board.ts';
import type { ReplayPlayer } from './replay-record.ts';
import type { PlayerFrame } from './replay-state.ts';

export interface Focus {
  readonly cells: ReadonlySet<number>;
  readonly area: ReadonlySet<number>;
}

interface Props {
  readonly player: ReplayPlayer;
  readonly frame: PlayerFrame;
  readonly variant: VariantIdName;
  readonly puzzle: string;
  /** `/solo?ghost=…` for this player, if they can be raced. */
  readonly ghostHref: string | null;
  /** The debrief item shown on this board, if any. */
  readonly focus: Focus | null;
  readonly selected: boolean;
  readonly onSelect: (() => void) | null;
}

export function ReplayCard({
  player,
  frame,
  variant,
  puzzle,
  ghostHref,
  focus,
  selected,
  onSelect,
}: Props) {
  const flashKey = cellsKey(frame.flashes);
  const standingKey = cellsKey(frame.standing);
  const recentKey = frame.recent.join(',');
  const game = useMemo(
    () => frameGame(variant, puzzle, frame),
    [variant, puzzle, frame.board, flashKey, standingKey],
  );
  const highlights = useMemo(() => frameHighlights(frame), [flashKey, recentKey]);
  return (
    <article
      class={`spectate-card replay-card${selected ? ' is-selected' : ''}`}
      data-testid="replay-card"
      data-player={player.nickname}
      data-player-id={player.id}
    >
      <CardHead player={player} selected={selected} onSelect={onSelect} />
      <CardStats player={player} frame={frame} />
      <div class="replay-board">
        <Board
          state={game}
          variant={getVariant(variant)}
          highlights={highlights}
          hintCells={focus?.cells}
          hintArea={focus?.area}
          idPrefix={`r-${player.id}`}
          label={t('replay.boardOf', { name: player.nickname })}
        />
        <MistakeMarks cells={frame.mistakeCells} />
      </div>
      {ghostHref && (
        <Link href={ghostHref} class="replay-ghost">
          {t('replay.ghost')}
        </Link>
      )}
    </article>
  );
}

const cellsKey = (flashes: readonly { cell: number; digit: number }[]): string =>
  flashes.map((f) => `${f.cell}:${f.digit}`).join(',');

function CardHead({ player, selected, onSelect }: Pick<Props, 'player' | 'selected' | 'onSelect'>) {
  return (
    <header class="replay-card-head">
      <h2>
        {player.place !== null && <span class="replay-place">{player.place}</span>}
        {player.colour !== undefined && (
          <Avatar nickname={player.nickname} colour={player.colour} class="avatar-lead" />
        )}
        {player.nickname}
      </h2>
      {onSelect && (
        <button
          type="button"
          aria-pressed={selected}
          onClick={onSelect}
          data-testid="debrief-player"
        >
          {t('debrief.title')}
        </button>
      )}
    </header>
  );
}

/** Progress, mistakes so far and, once the board is full, when. */
function CardStats({ player, frame }: Pick<Props, 'player' | 'frame'>) {
  return (
    <>
      <ProgressBar
        class="progress"
        percent={frame.percent}
        label={t('replay.progressOf', { name: player.nickname })}
      />
      <p class="replay-card-stats">
        <span data-testid="replay-mistakes" class={frame.mistakes > 0 ? 'has-mistakes' : undefined}>
          {t('replay.mistakes', { n: frame.mistakes })}
        </span>
        {frame.finishedAt !== null && (
          <span> · {t('replay.finishedAt', { time: formatTime(frame.finishedAt) })}</span>
        )}
      </p>
    </>
  );
}

/** A red corner on every cell that took a wrong digit so far (drawn over the board). */
function MistakeMarks({ cells }: { cells: readonly number[] }) {
  const size = UNIT / 4;
  return (
    <svg class="replay-marks" viewBox={`-4 -4 ${VIEW + 8} ${VIEW + 8}`} aria-hidden="true">
      {cells.map((cell) => {
        const x = cellX(cell) + UNIT;
        const y = cellY(cell);
        return (
          <polygon
            key={cell}
            data-mistake={cell}
            points={`${x - size},${y} ${x},${y} ${x},${y + size}`}
            class="replay-mark"
          />
        );
      })}
    </svg>
  );
}
