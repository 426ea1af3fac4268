/**
 * The debrief of one player of a finished race, for the results page: the race is read from
 * `GET /api/races/:raceId` (asked again for a few seconds while it is not there yet — in a
 * cluster the history copy lands just after the end), then every player's debrief is worked
 * out in one request and `playerId`'s is shown, with a link to the replay.
 * `SolveDebrief` does the same for a solve of this device.
 */
import type { DebriefInput } from '@percent/engine';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { t } from '../../../i18n/index.ts';
import type { SolveRecord } from '../../../state/solve-record.ts';
import { loadReplay, type Loaded } from '../replay-load.ts';
import { replayOfSolve, SOLVER_ID, type ReplayRecord } from '../replay-record.ts';
import { ReplayLink } from '../ReplayLink.tsx';
import { debriefInputOf } from './debrief-input.ts';
import { DebriefPanel } from './DebriefPanel.tsx';

const ATTEMPTS = 5;
const RETRY_MS = 800;

export function RaceDebrief({ raceId, playerId }: { raceId: string; playerId: string }) {
  const loaded = useStoredRace(raceId);
  const inputs = useMemo(() => (loaded?.kind === 'ready' ? inputsOf(loaded.record) : []), [loaded]);
  if (loaded === null) return <DebriefWaiting />;
  if (loaded.kind !== 'ready')
    return (
      <section class="debrief" data-testid="debrief">
        <h3>{t('debrief.title')}</h3>
        <p class="muted">
          {loaded.kind === 'failed'
            ? t('debrief.failed', { message: loaded.message })
            : t('replay.notFound', { id: raceId })}
        </p>
      </section>
    );
  const show = Math.max(
    0,
    loaded.record.players.findIndex((p) => p.id === playerId),
  );
  return (
    <div class="race-debrief">
      <DebriefPanel inputs={inputs} show={show} />
      <ReplayLink raceId={raceId} playerId={playerId} />
    </div>
  );
}

export function SolveDebrief({ solve }: { solve: SolveRecord }) {
  const inputs = useMemo(() => {
    const record = replayOfSolve(solve);
    const input = record && debriefInputOf(record, SOLVER_ID);
    return input ? [input] : [];
  }, [solve]);
  return <DebriefPanel inputs={inputs} />;
}

const inputsOf = (record: ReplayRecord): DebriefInput[] =>
  record.players.flatMap((p) => debriefInputOf(record, p.id) ?? []);

function DebriefWaiting() {
  return (
    <section class="debrief" data-testid="debrief" aria-busy="true">
      <h3>{t('debrief.title')}</h3>
      <p class="debrief-computing" role="status">
        <span class="debrief-spinner" aria-hidden="true" />
        {t('debrief.computing')}
      </p>
    </section>
  );
}

function useStoredRace(raceId: string): Loaded | null {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    setLoaded(null);
    void (async () => {
      for (let attempt = 1; ; attempt++) {
        const result = await loadReplay({ kind: 'race', id: raceId }, controller.signal);
        if (controller.signal.aborted) return;
        if (result.kind === 'ready' || attempt >= ATTEMPTS) return setLoaded(result);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    })();
    return () => controller.abort();
  }, [raceId]);
  return loaded;
}
