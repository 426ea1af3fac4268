/**
 * The debriefs of a list of players, worked out by the engine worker (`debriefPlayers`): one
 * request for all of them, so switching players shows a ready debrief. The request is aborted
 * when the inputs change or the component unmounts; `retry` asks again after a failure.
 */
import type { Debrief, DebriefInput } from '@percent/engine';
import { useEffect, useState } from 'preact/hooks';
import { debriefPlayers } from '../../../workers/engine-client.ts';

export type DebriefsState =
  | { readonly kind: 'computing' }
  | { readonly kind: 'ready'; readonly debriefs: readonly Debrief[] }
  | { readonly kind: 'failed'; readonly message: string };

export function useDebriefs(inputs: readonly DebriefInput[]): {
  state: DebriefsState;
  retry: () => void;
} {
  const [state, setState] = useState<DebriefsState>({ kind: 'computing' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'computing' });
    debriefPlayers([...inputs], controller.signal).then(
      (debriefs) => {
        if (!controller.signal.aborted) setState({ kind: 'ready', debriefs });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
        });
      },
    );
    return () => controller.abort();
  }, [inputs, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}
