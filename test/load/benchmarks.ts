import { readFileSync, writeFileSync } from 'node:fs';
import { machineInfo } from '../../bench/machine.ts';
import { replaceSection } from '../../bench/markdown.ts';

const REPORT = new URL('../../BENCHMARKS.md', import.meta.url);

/**
 * Writes the run's figures to BENCHMARKS.md (its `loadtest` block: command, date, machine,
 * then the report as printed); text outside the block is left alone.
 */
export function writeBenchmarks(lines: readonly string[], args: readonly string[]): void {
  const machine = machineInfo();
  const command = ['pnpm loadtest', ...args].join(' ');
  const date = new Date().toISOString().replace('T', ' ').slice(0, 19);
  const block = [
    '## Race server (`pnpm loadtest`)',
    '',
    `Command \`${command}\`, ${date} UTC, on ${machine.cpu} (${machine.cores} cores, ` +
      `${machine.ramGiB.toFixed(1)} GiB), Node ${machine.node}. The server runs in its own ` +
      'process; the simulated players share the same two cores.',
    '',
    '```text',
    ...lines.filter((line, i) => line !== '' || i > 0),
    '```',
  ].join('\n');
  const doc = readFileSync(REPORT, 'utf8');
  writeFileSync(REPORT, replaceSection(doc, 'loadtest', block));
  console.log('figures written to BENCHMARKS.md (block bench:loadtest)');
}
