// The shared benchmark corpus (SATLIB and the HUST course set, byte for byte as published):
// every file must parse without error to the header counts listed in its MANIFEST.tsv.
// The corpus lives outside the repository, so the test is skipped where it is absent.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatIssue, parseDimacs, parseDimacsChunks } from './dimacs.ts';

const corpusDir = fileURLToPath(new URL('../../../../../shared/data/cnf/', import.meta.url));
const manifestPath = `${corpusDir}MANIFEST.tsv`;
const corpusPresent = existsSync(manifestPath);
/** Test names carry the reason when skipped, since skipIf itself takes no message. */
const skipNote = corpusPresent ? '' : ` — skipped: ${manifestPath} does not exist`;

interface ManifestEntry {
  readonly path: string;
  readonly vars: number;
  readonly clauses: number;
}

function readManifest(): ManifestEntry[] {
  const [header, ...rows] = readFileSync(manifestPath, 'utf8').trimEnd().split('\n');
  const columns = header!.split('\t');
  const at = (name: string) => columns.indexOf(name);
  return rows.map((row) => {
    const cells = row.split('\t');
    return {
      path: cells[at('path')]!,
      vars: Number(cells[at('vars')]),
      clauses: Number(cells[at('clauses')]),
    };
  });
}

/** A parse outcome reduced to what the manifest states, or to the issue that prevented it. */
function summary(entry: ManifestEntry, result: ReturnType<typeof parseDimacs>) {
  if (!result.ok) return { path: entry.path, error: formatIssue(result.error) };
  const warnings = result.warnings.map((w) => formatIssue(w, 'warning'));
  return {
    path: entry.path,
    vars: result.cnf.numVars,
    clauses: result.cnf.clauses.length,
    warnings,
  };
}

function clauseTexts(result: ReturnType<typeof parseDimacs>): string[] | string {
  return result.ok
    ? result.cnf.clauses.map((clause) => clause.join(' '))
    : formatIssue(result.error);
}

describe('the shared CNF corpus', () => {
  it.skipIf(!corpusPresent)(`parses every file to its manifest counts${skipNote}`, () => {
    const entries = readManifest();
    expect(entries.length).toBeGreaterThan(4000);
    let chars = 0;
    let parseMs = 0;
    const mismatches = [];
    for (const entry of entries) {
      const text = readFileSync(`${corpusDir}${entry.path}`, 'utf8');
      const started = performance.now();
      const result = parseDimacs(text, { fileName: entry.path });
      parseMs += performance.now() - started;
      chars += text.length;
      const actual = summary(entry, result);
      const expected = { path: entry.path, vars: entry.vars, clauses: entry.clauses, warnings: [] };
      if (JSON.stringify(actual) !== JSON.stringify(expected)) mismatches.push(actual);
    }
    expect(mismatches).toEqual([]);
    const rate = (chars / 1e6 / (parseMs / 1000)).toFixed(1);
    console.log(
      `corpus: ${entries.length} files, ${(chars / 1e6).toFixed(1)} MB parsed in ${parseMs.toFixed(0)} ms (${rate} MB/s)`,
    );
  });

  it.skipIf(!corpusPresent)(
    `gives the same clauses when files arrive in chunks${skipNote}`,
    async () => {
      const entries = readManifest().filter((_, index) => index % 10 === 0);
      for (const entry of entries) {
        const text = readFileSync(`${corpusDir}${entry.path}`, 'utf8');
        const chunks: string[] = [];
        for (let at = 0; at < text.length; at += 4093) chunks.push(text.slice(at, at + 4093));
        const streamed = await parseDimacsChunks(chunks, { fileName: entry.path });
        expect(clauseTexts(streamed)).toEqual(
          clauseTexts(parseDimacs(text, { fileName: entry.path })),
        );
      }
    },
  );
});
