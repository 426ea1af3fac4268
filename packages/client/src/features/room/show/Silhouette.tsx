/**
 * A player's board as a silhouette: which cells are filled, never which digits — readable
 * across a room, and it gives nothing away beyond what the spectator rule already shows.
 * Givens are faint, the player's own digits solid.
 */
const INDEXES = Array.from({ length: 81 }, (_, i) => i);
const BOX_LINES = [3, 6];

interface Props {
  readonly puzzle: string;
  readonly board: string;
  readonly label: string;
}

export function Silhouette({ puzzle, board, label }: Props) {
  return (
    <svg class="silhouette" viewBox="-0.1 -0.1 9.2 9.2" role="img" aria-label={label}>
      <rect class="silhouette-bg" x={0} y={0} width={9} height={9} />
      {INDEXES.map((i) => {
        const given = puzzle[i] !== '0';
        const filled = board[i] !== undefined && board[i] !== '0';
        if (!given && !filled) return null;
        return (
          <rect
            key={i}
            class={given ? 'silhouette-given' : 'silhouette-filled'}
            x={(i % 9) + 0.06}
            y={Math.floor(i / 9) + 0.06}
            width={0.88}
            height={0.88}
            rx={0.12}
          />
        );
      })}
      {BOX_LINES.map((p) => (
        <g key={p} class="silhouette-line">
          <line x1={p} y1={0} x2={p} y2={9} />
          <line x1={0} y1={p} x2={9} y2={p} />
        </g>
      ))}
    </svg>
  );
}
