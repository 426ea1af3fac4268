/**
 * A button whose action is asked about first, inline (no modal to dismiss), with the safe
 * choice focused: leaving a race, ending it for everyone, removing a player.
 */
import { useSignal } from '@preact/signals';

export interface ConfirmProps {
  readonly id: string;
  readonly label: string;
  /** Asked before acting; undefined acts at once. */
  readonly question: string | undefined;
  readonly confirm: string;
  readonly stay: string;
  readonly onConfirm: () => Promise<unknown>;
}

/** A button whose action is asked about first, inline, with the safe choice focused. */
export function ConfirmButton({ id, label, question, confirm, stay, onConfirm }: ConfirmProps) {
  const asking = useSignal(false);
  const act = () => {
    asking.value = false;
    void onConfirm();
  };
  if (asking.value && question !== undefined) {
    return (
      <div
        class="room-action confirm"
        role="alertdialog"
        aria-labelledby={`${id}-q`}
        data-testid={`${id}-confirm`}
      >
        <span id={`${id}-q`}>{question}</span>
        <button type="button" class="danger" onClick={act} data-testid={`${id}-confirmed`}>
          {confirm}
        </button>
        <button type="button" autoFocus onClick={() => (asking.value = false)}>
          {stay}
        </button>
      </div>
    );
  }
  const click = () => (question === undefined ? act() : (asking.value = true));
  return (
    <button type="button" class="room-action" onClick={click} data-testid={id}>
      {label}
    </button>
  );
}
