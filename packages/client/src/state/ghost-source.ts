/**
 * Where a ghost comes from, as the solo page's `?ghost=` names it:
 * `race:<raceId>:<playerId>` (a player of a stored race), `solve:<solveId>` (a solve recorded
 * on this device), `daily:<YYYY-MM-DD>:<variant>` (that day's leader).
 */
export type GhostSource =
  | { readonly kind: 'race'; readonly raceId: string; readonly playerId: string }
  | { readonly kind: 'solve'; readonly solveId: string }
  | { readonly kind: 'daily'; readonly day: string; readonly variant: string };

const ID = '[A-Za-z0-9_-]{1,64}';
const RACE = new RegExp(`^race:(${ID}):(${ID})$`);
const SOLVE = new RegExp(`^solve:(${ID})$`);
const DAILY = /^daily:(\d{4}-\d{2}-\d{2}):([a-z]{1,16})$/;

export function parseGhostSource(text: string | null | undefined): GhostSource | undefined {
  if (!text) return undefined;
  const race = RACE.exec(text);
  if (race) return { kind: 'race', raceId: race[1]!, playerId: race[2]! };
  const solve = SOLVE.exec(text);
  if (solve) return { kind: 'solve', solveId: solve[1]! };
  const daily = DAILY.exec(text);
  if (daily) return { kind: 'daily', day: daily[1]!, variant: daily[2]! };
  return undefined;
}

export function ghostSourceText(source: GhostSource): string {
  if (source.kind === 'race') return `race:${source.raceId}:${source.playerId}`;
  if (source.kind === 'solve') return `solve:${source.solveId}`;
  return `daily:${source.day}:${source.variant}`;
}

/** The solo page racing that ghost. */
export const ghostHref = (source: GhostSource): string =>
  `/solo?ghost=${encodeURIComponent(ghostSourceText(source))}`;
