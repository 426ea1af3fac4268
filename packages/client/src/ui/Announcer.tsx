/**
 * The page's live regions, mounted once in app.tsx, and `announce()`, the one way to tell a
 * screen-reader user something that is not where their focus is: a verdict, a finish, the
 * countdown, the end of a race. Polite by default (read after the current speech); assertive
 * only for what must interrupt ("Go!"). Each region keeps its last few messages as separate
 * elements, so two messages of the same moment are both read (an addition is announced) and a
 * repeated message is announced again (it is a new element).
 */
import { signal } from '@preact/signals';

export type Politeness = 'polite' | 'assertive';

interface Message {
  readonly id: number;
  readonly text: string;
}

/** Messages kept per region: enough for a burst, few enough that the region stays small. */
const KEPT = 3;

const regions = {
  polite: signal<readonly Message[]>([]),
  assertive: signal<readonly Message[]>([]),
};
let nextId = 1;

/** Says `text` to screen readers (nothing visible changes). Empty text says nothing. */
export function announce(text: string, politeness: Politeness = 'polite'): void {
  if (text.trim() === '') return;
  const region = regions[politeness];
  region.value = [...region.value, { id: nextId++, text }].slice(-KEPT);
}

/** What a region holds now, oldest first (for tests). */
export const announced = (politeness: Politeness = 'polite'): string[] =>
  regions[politeness].peek().map((m) => m.text);

export function Announcer() {
  return (
    <div class="sr-only" data-live-regions>
      <Region politeness="polite" />
      <Region politeness="assertive" />
    </div>
  );
}

function Region({ politeness }: { politeness: Politeness }) {
  return (
    <div
      role={politeness === 'polite' ? 'status' : 'alert'}
      aria-live={politeness}
      aria-atomic="false"
      data-testid={`announcer-${politeness}`}
    >
      {regions[politeness].value.map((m) => (
        <p key={m.id}>{m.text}</p>
      ))}
    </div>
  );
}
