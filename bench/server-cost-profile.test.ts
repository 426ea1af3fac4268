import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { summarizeProfile } from './server-cost-profile.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'percent-profile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0 });

/** Start-up (`compile`, 4 ms) then the steady state (`move` 3 ms, `writev` 1 ms, idle 2 ms). */
function profileFile(): string {
  const file = path.join(dir, 'a.cpuprofile');
  const nodes = [
    { id: 1, callFrame: frame('(root)') },
    { id: 2, callFrame: frame('compile', 'node:internal/modules/cjs/loader') },
    { id: 3, callFrame: frame('move', `file://${dir}/src/rooms/move.ts`) },
    { id: 4, callFrame: frame('writev') },
    { id: 5, callFrame: frame('(idle)') },
  ];
  const samples = [2, 2, 2, 2, 3, 5, 3, 4, 5, 3];
  writeFileSync(
    file,
    JSON.stringify({ nodes, startTime: 0, samples, timeDeltas: samples.map(() => 1000) }),
  );
  return file;
}

describe('a server profile summary', () => {
  it('ranks functions by self time, idle excluded', () => {
    const summary = summarizeProfile(profileFile(), dir);
    expect(summary.busyMs).toBe(8);
    expect(summary.top.map((line) => [line.where, line.ms])).toEqual([
      ['compile (node:internal/modules/cjs/loader:1)', 4],
      ['move (src/rooms/move.ts:1)', 3],
      ['writev', 1],
    ]);
  });

  it('leaves out the samples before the steady state', () => {
    const summary = summarizeProfile(profileFile(), dir, 15, 4.5);
    expect(summary.busyMs).toBe(4);
    expect(summary.top.map((line) => [line.where, line.share])).toEqual([
      ['move (src/rooms/move.ts:1)', 0.75],
      ['writev', 0.25],
    ]);
  });
});
