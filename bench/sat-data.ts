import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The shared CNF collection (`../shared/data/cnf` beside the repo, or `$PERCENT_DATA`) and
 * its MANIFEST.tsv: one row per file with header sizes, the documented status, the status
 * verified with a native solver (our truth), and whether the file has SATLIB's `%` trailer.
 */
export type Status = 'SAT' | 'UNSAT' | 'UNKNOWN';

export interface Instance {
  /** Path relative to the data folder, e.g. `uf250-1065/uf250-01.cnf`. */
  readonly path: string;
  readonly absPath: string;
  /** The set it belongs to: its folder, e.g. `hust/check`. */
  readonly set: string;
  readonly vars: number;
  readonly clauses: number;
  /** As documented (folder label, file name). */
  readonly expected: Status;
  /** As verified by a native solver; `UNKNOWN` when none decided it. */
  readonly verified: Status;
  readonly verifiedBy: string;
  /** Ends with a `%` line and a lone `0`, which minisat rejects. */
  readonly trailer: boolean;
}

/**
 * The sets of the SAT section, in report order: the course's check table, every SATLIB
 * family of the shared data (structured, then uniform random), then the other HUST sets.
 */
export const SAT_SETS = [
  'hust/check',
  'aim',
  'ais',
  'bf',
  'dubois',
  'lran',
  'parity',
  'pigeonhole',
  'pret',
  'ii',
  'jnh',
  'qg',
  'beijing',
  'flat30-60',
  'flat50-115',
  'flat75-180',
  'flat100-239',
  'uf20-91',
  'uf50-218',
  'uuf50-218',
  'uf75-325',
  'uuf75-325',
  'uf100-430',
  'uuf100-430',
  'uf125-538',
  'uuf125-538',
  'uf150-645',
  'uuf150-645',
  'uf200-860',
  'uuf200-860',
  'uf250-1065',
  'uuf250-1065',
  'hust/sat-S',
  'hust/sat-M',
  'hust/sat-L',
  'hust/unsat',
] as const;

export function dataDir(repoRoot: string): string {
  return process.env.PERCENT_DATA ?? path.resolve(repoRoot, '../shared/data/cnf');
}

export function hasData(dir: string): boolean {
  return existsSync(path.join(dir, 'MANIFEST.tsv'));
}

/** Every manifest row, grouped by set (folder), files in natural order (2 before 10). */
export async function readManifest(dir: string): Promise<Map<string, Instance[]>> {
  const lines = (await readFile(path.join(dir, 'MANIFEST.tsv'), 'utf8')).split('\n');
  const header = (lines[0] ?? '').split('\t');
  const col = (name: string): number => header.indexOf(name);
  const bySet = new Map<string, Instance[]>();
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const f = line.split('\t');
    const at = (name: string): string => f[col(name)] ?? '';
    const instance: Instance = {
      path: at('path'),
      absPath: path.join(dir, at('path')),
      set: path.posix.dirname(at('path')),
      vars: Number(at('vars')),
      clauses: Number(at('clauses')),
      expected: toStatus(at('expected')),
      verified: toStatus(at('verified')),
      verifiedBy: at('verified_by'),
      trailer: at('percent_trailer') === '1',
    };
    bySet.set(instance.set, [...(bySet.get(instance.set) ?? []), instance]);
  }
  const natural = (a: Instance, b: Instance): number =>
    a.path.localeCompare(b.path, 'en', { numeric: true });
  for (const list of bySet.values()) list.sort(natural);
  return bySet;
}

function toStatus(text: string): Status {
  return text === 'SAT' || text === 'UNSAT' ? text : 'UNKNOWN';
}

/**
 * The file to hand a native solver: the original, or a copy in `scratch` that the native
 * parsers accept — cut before SATLIB's `%` trailer (minisat stops with "PARSE ERROR!
 * Unexpected char: %"), with clauses split over lines joined and tabs made spaces
 * (cryptominisat5 stops with "After last element on the line must be 0" on either). Our
 * own parser reads the originals.
 */
export async function nativeInput(instance: Instance, scratch: string): Promise<string> {
  const text = await readFile(instance.absPath, 'utf8');
  const rewritten = nativeText(text);
  if (rewritten === undefined) return instance.absPath;
  const copy = path.join(scratch, instance.path.replace(/[\\/]/g, '__'));
  await mkdir(scratch, { recursive: true });
  await writeFile(copy, rewritten);
  return copy;
}

/** A clause line that does not end its clause (last token not `0`) or is not space-separated. */
function irregularClause(line: string): boolean {
  const t = line.trim();
  if (t === '' || t.startsWith('c') || t.startsWith('p')) return false;
  return !/(^|\s)0$/.test(t) || /\t|\s\s/.test(t);
}

/**
 * `text` as every native parser reads it: without the `%` trailer and one clause per
 * line (comments and the header kept as they are), or undefined when it already is.
 */
export function nativeText(text: string): string | undefined {
  const body = withoutTrailer(text);
  const lines = body.split('\n');
  if (!lines.some(irregularClause)) return body === text ? undefined : body;
  const out: string[] = [];
  let clause: string[] = [];
  for (const line of lines) {
    const t = line.trim();
    if (t === '' || t.startsWith('c') || t.startsWith('p')) {
      if (t !== '') out.push(t);
      continue;
    }
    for (const token of t.split(/\s+/)) {
      clause.push(token);
      if (token === '0') {
        out.push(clause.join(' '));
        clause = [];
      }
    }
  }
  if (clause.length > 0) out.push(clause.join(' '));
  return `${out.join('\n')}\n`;
}

/** DIMACS text cut before SATLIB's `%` trailer line, if it has one. */
export function withoutTrailer(text: string): string {
  const cut = text.search(/^%/m);
  return cut < 0 ? text : text.slice(0, cut);
}

/** A SATLIB family (every set outside hust/): the per-family ratio applies. */
export function isSatlibFamily(set: string): boolean {
  return !set.startsWith('hust/');
}

/**
 * The indices of `take` of `count` files spread evenly through the set (all of them when
 * `take` ≥ `count`), so a sample of a set ordered by size or kind covers all of it.
 */
export function spreadSample(count: number, take: number): Set<number> {
  if (take >= count) return new Set(Array.from({ length: count }, (_, i) => i));
  return new Set(Array.from({ length: take }, (_, i) => Math.floor((i * count) / take)));
}
