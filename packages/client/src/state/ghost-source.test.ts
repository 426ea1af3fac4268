import { describe, expect, it } from 'vitest';
import { ghostHref, ghostSourceText, parseGhostSource } from './ghost-source.ts';

describe('ghost links', () => {
  it('reads the three kinds of ghost and writes them back the same', () => {
    const texts = ['race:r_123:p-9', 'solve:abcDEF12', 'daily:2026-11-25:percent'];
    expect(texts.map(parseGhostSource)).toEqual([
      { kind: 'race', raceId: 'r_123', playerId: 'p-9' },
      { kind: 'solve', solveId: 'abcDEF12' },
      { kind: 'daily', day: '2026-11-25', variant: 'percent' },
    ]);
    expect(texts.map((text) => ghostSourceText(parseGhostSource(text)!))).toEqual(texts);
    expect(ghostHref({ kind: 'solve', solveId: 'x1' })).toBe('/solo?ghost=solve%3Ax1');
  });

  it('ignores anything else', () => {
    for (const text of ['', null, 'race:onlyone', 'solve:', 'daily:25-11-2026:percent', 'x:1'])
      expect(parseGhostSource(text)).toBeUndefined();
  });
});
