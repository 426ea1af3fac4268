/**
 * A player's progress as a bar screen readers read out: `percent` (0–100) of the board done,
 * named by `label`. The look belongs to the caller: `class` on the track, `<class>-fill` on the
 * filled part (the race panel's small bars and the TV's lanes differ).
 */
export function ProgressBar(props: { class: string; percent: number; label: string }) {
  return (
    <div
      class={props.class}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={props.percent}
      aria-label={props.label}
    >
      <div class={`${props.class}-fill`} style={{ width: `${props.percent}%` }} />
    </div>
  );
}
