import { closeSync, openSync, writeSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { createRng, endgames, getVariant } from '@percent/engine';
import { cliLauncher } from './cli-bundle.ts';
import { runProcess } from './proc.ts';
import { checkEndgames, type EndgameCheck } from './sudoku-generate.ts';

/** One way of writing N classic endgames to a file, timed and checked. */
export interface EndgamesRun {
  readonly how: string;
  readonly count: number;
  /** Wall seconds, including writing and closing the file (and, for the CLI, its start-up). */
  readonly seconds: number;
  /** CPU seconds (user + system) when measured in this process. */
  readonly cpuSeconds?: number;
  readonly check?: EndgameCheck;
  /** Why it did not run or failed. */
  readonly error?: string;
}

const LINE = 82;
/** Lines per write: 1 MiB-ish buffers, so the file costs a few hundred system calls. */
const LINES_PER_CHUNK = 12_800;

/** The engine's `endgames` generator in this process, written through a reused buffer. */
function inProcess(file: string, count: number): { seconds: number; cpuSeconds: number } {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const fd = openSync(file, 'w');
  const buffer = Buffer.alloc(LINE * LINES_PER_CHUNK);
  let used = 0;
  try {
    for (const grid of endgames(getVariant('classic'), count, createRng(1))) {
      for (let i = 0; i < 81; i++) buffer[used + i] = 48 + grid[i]!;
      buffer[used + 81] = 10;
      used += LINE;
      if (used === buffer.length) {
        writeSync(fd, buffer, 0, used);
        used = 0;
      }
    }
    if (used > 0) writeSync(fd, buffer, 0, used);
  } finally {
    closeSync(fd);
  }
  const usage = process.cpuUsage(cpu);
  return {
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (usage.user + usage.system) / 1e6,
  };
}

async function checked(file: string): Promise<EndgameCheck> {
  const check = checkEndgames(await readFile(file, 'latin1'));
  await rm(file, { force: true });
  return check;
}

/**
 * `count` classic endgames twice: the engine generator in-process with buffered writes, then
 * `percent endgames --count N --out FILE` (the CLI bundled with esbuild, wall time of the
 * whole process). Both files are read back and checked after both timings (line count,
 * distinct, valid), so the check's big heap does not slow the second timing down.
 */
export async function measureEndgames(scratch: string, count: number): Promise<EndgamesRun[]> {
  const ownFile = path.join(scratch, 'endgames-in-process.txt');
  const own = inProcess(ownFile, count);
  const cli = await cliLauncher(scratch);
  const cliFile = path.join(scratch, 'endgames-cli.txt');
  const args = [...cli.args, 'endgames', '--count', String(count), '--variant', 'classic'];
  const run = await runProcess(
    process.execPath,
    [...args, '--seed', '1', '--out', cliFile, '--quiet'],
    120_000,
  );
  const cliHow = `\`percent endgames --count ${count} --variant classic --out FILE\` (${cli.how}; wall time of the process)`;
  const ownRun: EndgamesRun = {
    how: '`endgames(classic, N, rng)` in-process, 1 MiB buffered `writeSync`',
    count,
    ...own,
    check: await checked(ownFile),
  };
  if (run.code !== 0) {
    const reason = run.killed ? 'killed after 120 s' : `exit ${run.code}: ${run.stderr.trim()}`;
    return [
      ownRun,
      { how: cliHow, count, seconds: run.wallMs / 1000, error: reason.slice(0, 300) },
    ];
  }
  return [
    ownRun,
    { how: cliHow, count, seconds: run.wallMs / 1000, check: await checked(cliFile) },
  ];
}
