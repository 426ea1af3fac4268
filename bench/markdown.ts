/** Small markdown helpers for BENCHMARKS.md: tables and marker-delimited sections. */

export type Align = 'left' | 'right';

/** A GitHub table; `align` per column, default left. Pipes inside cells are escaped. */
export function table(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly Align[] = [],
): string {
  const cell = (text: string): string => text.replace(/\|/g, '\\|');
  const rule = headers.map((_, i) => (align[i] === 'right' ? '---:' : '---'));
  return [headers, rule, ...rows]
    .map((row, r) => `| ${(r === 1 ? row : row.map(cell)).join(' | ')} |`)
    .join('\n');
}

const start = (id: string): string => `<!-- bench:${id}:start -->`;
const end = (id: string): string => `<!-- bench:${id}:end -->`;

/**
 * `doc` with the block between section `id`'s markers replaced by `content` (markers kept),
 * or with a new marked block appended when the markers are absent. Text outside the
 * markers, e.g. other sections or hand-written notes, is left alone. A new block goes at the
 * end, or with `where: 'top'` right after the document's first paragraph (its title).
 */
export function replaceSection(
  doc: string,
  id: string,
  content: string,
  where: 'end' | 'top' = 'end',
): string {
  const block = `${start(id)}\n${content.trim()}\n${end(id)}`;
  const from = doc.indexOf(start(id));
  const to = doc.indexOf(end(id));
  if (from < 0 || to < from)
    return where === 'top' ? afterTitle(doc, block) : `${doc.trimEnd()}\n\n${block}\n`;
  return doc.slice(0, from) + block + doc.slice(to + end(id).length);
}

function afterTitle(doc: string, block: string): string {
  const cut = doc.indexOf('\n\n');
  if (cut < 0) return `${doc.trimEnd()}\n\n${block}\n`;
  return `${doc.slice(0, cut)}\n\n${block}${doc.slice(cut)}`;
}

/** Milliseconds for a table: `12.3`, `1,234`, with a `≥` for a lower bound. */
export function ms(value: number, lowerBound = false): string {
  const text =
    value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(value < 10 ? 2 : 1);
  return lowerBound ? `≥ ${text}` : text;
}
