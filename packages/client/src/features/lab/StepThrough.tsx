/**
 * "Step through the search": a traced CDCL or DPLL search of the formula (engine
 * `traceSearch`, run in the lab's worker), one step at a time — each decision, propagation
 * with its reason clause, conflict, and for CDCL the conflict's implication graph, resolution
 * steps, first UIP, learned clause and backjump level. Buttons and keys (← →, Page Up /
 * Page Down for conflicts, Home / End).
 */
import type { ConflictAnalysis, Trace, TraceEvent } from '@percent/engine';
import { TRACE_MAX_CLAUSES } from '@percent/engine';
import { useSignal } from '@preact/signals';
import { t } from '../../i18n/index.ts';
import * as labWorker from '../../workers/lab-client.ts';
import { ImplicationGraph } from './ImplicationGraph.tsx';
import { input, inspection } from './lab-store.ts';
import {
  byLevel,
  clauseText,
  litText,
  nextConflict,
  previousConflict,
  trailAt,
} from './step-state.ts';

type Mode = 'cdcl' | 'dpll';
type Loaded = { readonly mode: Mode; readonly trace: Trace; readonly text: string };

export function StepThrough() {
  const loaded = useSignal<Loaded | undefined>(undefined);
  const at = useSignal(0);
  const error = useSignal<string | undefined>(undefined);
  const found = inspection.value;
  if (!found?.ok) return null;
  if (found.clauses > TRACE_MAX_CLAUSES)
    return <p class="muted lab-step-note">{t('lab.step.tooBig', { n: TRACE_MAX_CLAUSES })}</p>;
  const current = loaded.value?.text === input.value.text ? loaded.value : undefined;
  const load = async (mode: Mode) => {
    error.value = undefined;
    try {
      const trace = await labWorker.trace(input.value.text, input.value.file, mode);
      loaded.value = { mode, trace, text: input.value.text };
      at.value = 0;
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e);
    }
  };
  return (
    <section class="lab-step" aria-labelledby="lab-step-title" data-testid="lab-step">
      <h2 id="lab-step-title">{t('lab.step.title')}</h2>
      <div class="lab-step-modes" role="group" aria-label={t('lab.step.mode')}>
        {(['cdcl', 'dpll'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={current?.mode === mode}
            onClick={() => void load(mode)}
          >
            {t(`lab.step.start.${mode}`)}
          </button>
        ))}
      </div>
      {error.value && <p role="alert">{error.value}</p>}
      {current && (
        <Stepper
          trace={current.trace}
          mode={current.mode}
          at={at.value}
          go={(i) => (at.value = i)}
        />
      )}
    </section>
  );
}

interface StepperProps {
  readonly trace: Trace;
  readonly mode: Mode;
  readonly at: number;
  readonly go: (index: number) => void;
}

function Stepper({ trace, mode, at, go }: StepperProps) {
  const last = trace.events.length - 1;
  // Buttons at an end stay focusable (aria-disabled, not disabled): focus, and so the keys,
  // stay on the stepper.
  const step = (i: number | undefined) => i !== undefined && go(Math.max(0, Math.min(last, i)));
  const event = trace.events[at]!;
  const previous = previousConflict(trace, at);
  const next = nextConflict(trace, at);
  const analysis = analysisAt(trace, at);
  const keys: Record<string, () => void> = {
    ArrowRight: () => step(at + 1),
    ArrowLeft: () => step(at - 1),
    PageDown: () => step(next),
    PageUp: () => step(previous),
    Home: () => step(0),
    End: () => step(last),
  };
  return (
    <div
      class="lab-stepper"
      onKeyDown={(e) => {
        const action = keys[e.key];
        if (!action) return;
        e.preventDefault();
        action();
      }}
    >
      <p class="muted">{t(`lab.step.intro.${mode}`)}</p>
      <div class="lab-step-controls">
        <button
          type="button"
          onClick={() => step(0)}
          aria-disabled={at === 0}
          aria-keyshortcuts="Home"
        >
          {t('lab.step.first')}
        </button>
        <button
          type="button"
          onClick={() => step(previous)}
          aria-disabled={previous === undefined}
          aria-keyshortcuts="PageUp"
        >
          {t('lab.step.prevConflict')}
        </button>
        <button
          type="button"
          onClick={() => step(at - 1)}
          aria-disabled={at === 0}
          aria-keyshortcuts="ArrowLeft"
        >
          {t('lab.step.prev')}
        </button>
        <button
          type="button"
          class="primary"
          onClick={() => step(at + 1)}
          aria-disabled={at === last}
          aria-keyshortcuts="ArrowRight"
          data-testid="lab-step-next"
        >
          {t('lab.step.next')}
        </button>
        <button
          type="button"
          onClick={() => step(next)}
          aria-disabled={next === undefined}
          aria-keyshortcuts="PageDown"
          data-testid="lab-step-next-conflict"
        >
          {t('lab.step.nextConflict')}
        </button>
      </div>
      <p class="muted" data-testid="lab-step-position">
        {t('lab.step.position', { n: at + 1, total: trace.events.length })} · {t('lab.step.keys')}
      </p>
      <p class="lab-step-event" role="status" data-testid="lab-step-event">
        {eventText(trace, event)}
      </p>
      {analysis && <Analysis trace={trace} analysis={analysis} />}
      <Trail trace={trace} at={at} />
    </div>
  );
}

/** The conflict analysis to show at step `at`: its conflict's, also on the learn step after it. */
function analysisAt(trace: Trace, at: number): ConflictAnalysis | undefined {
  const event = trace.events[at];
  const conflict = event?.kind === 'learn' ? trace.events[at - 1] : event;
  return conflict?.kind === 'conflict' ? conflict.analysis : undefined;
}

/** `c3` for input clause 2, `L1` for the first learned clause. */
function clauseName(trace: Trace, index: number): string {
  return index < trace.inputClauses ? `c${index + 1}` : `L${index - trace.inputClauses + 1}`;
}

function clauseRef(trace: Trace, index: number) {
  return { clause: clauseName(trace, index), text: clauseText(trace.clauses[index] ?? []) };
}

function eventText(trace: Trace, event: TraceEvent): string {
  switch (event.kind) {
    case 'decide':
      return t('lab.step.decide', { lit: litText(event.lit), level: event.level });
    case 'propagate':
      return t('lab.step.propagate', {
        lit: litText(event.lit),
        level: event.level,
        ...clauseRef(trace, event.reason),
      });
    case 'conflict':
      return t('lab.step.conflict', { level: event.level, ...clauseRef(trace, event.clause) });
    case 'learn':
      return t('lab.step.learn', { level: event.level, ...clauseRef(trace, event.clause) });
    case 'backtrack':
      return t('lab.step.backtrack', { level: event.level, lit: litText(event.lit) });
    case 'sat':
      return t('lab.step.sat');
    case 'unsat':
      return t('lab.step.unsat');
    case 'limit':
      return t('lab.step.limit', { n: trace.events.length - 1 });
  }
}

function Analysis({ trace, analysis }: { trace: Trace; analysis: ConflictAnalysis }) {
  const level = Math.max(...analysis.nodes.map((n) => n.level));
  return (
    <div class="lab-analysis" data-testid="lab-analysis">
      <h3>{t('lab.step.graph')}</h3>
      <ImplicationGraph analysis={analysis} />
      <p class="muted">{t('lab.step.legend')}</p>
      <ol class="lab-resolution">
        {analysis.steps.map((s, i) => (
          <li key={i}>
            {t('lab.step.resolve', { variable: `x${s.pivot}`, ...clauseRef(trace, s.reason) })}
          </li>
        ))}
      </ol>
      <p>{t('lab.step.uip', { lit: litText(-analysis.uip), level })}</p>
      <p data-testid="lab-learned">
        <strong>{t('lab.step.learned', { text: clauseText(analysis.learned) })}</strong>
      </p>
      <p data-testid="lab-backjump">
        <strong>{t('lab.step.backjump', { level: analysis.backjump })}</strong>
      </p>
    </div>
  );
}

function Trail({ trace, at }: { trace: Trace; at: number }) {
  const levels = byLevel(trailAt(trace, at));
  return (
    <div class="lab-trail" data-testid="lab-trail">
      <h3>{t('lab.step.trail')}</h3>
      {levels.length === 0 && <p class="muted">{t('lab.step.trailEmpty')}</p>}
      <ul>
        {levels.map((assignments) => (
          <li key={assignments[0]!.level}>
            <strong>{t('lab.step.level', { level: assignments[0]!.level })}:</strong>{' '}
            {assignments
              .map((a) =>
                a.reason < 0
                  ? `${litText(a.lit)} (${t('lab.step.decision')})`
                  : `${litText(a.lit)} (${clauseName(trace, a.reason)})`,
              )
              .join(', ')}
          </li>
        ))}
      </ul>
    </div>
  );
}
