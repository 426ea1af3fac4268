/**
 * The client's stylesheets keep `:has()` off the pages where a board is played. With a rule
 * such as `.room:has(> .race) > :not(.room-bar, .race)`, Chromium restyled the whole room
 * (about 450 elements, 1–2 ms) for every node a key press inserts — the digit, an
 * announcement — inside the frame that paints the digit (bench/latency.ts). The play layout
 * follows `<html data-playing>` instead (features/play/PlayBoard.tsx).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../packages/client/src/', import.meta.url));
/** `:has()` rules allowed: pages with no board to play. */
const ALLOWED = ['.lab-check:has(input:disabled)'];

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

describe('client stylesheets', () => {
  it('use no :has() selector outside the few allowed', () => {
    const found: string[] = [];
    for (const file of cssFiles(SRC)) {
      const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const [i, line] of text.split('\n').entries()) {
        if (line.includes(':has(') && !ALLOWED.some((a) => line.includes(a)))
          found.push(`${path.relative(SRC, file)}:${i + 1}: ${line.trim()}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('lay the play pages out from the data-playing mark', () => {
    const theme = readFileSync(path.join(SRC, 'theme/theme.css'), 'utf8');
    expect(theme).toContain('[data-playing] .page {');
    expect(theme).toContain('[data-playing] .app-header {');
  });
});
