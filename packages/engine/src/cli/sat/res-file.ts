import { randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { resChunks } from '../../sat/result-file.ts';
import type { SolveResult } from '../../sat/types.ts';
import { CliError, describeError } from '../errors.ts';

/** `dir/name.cnf` → `dir/name.res`; any other name gets `.res` appended. */
export function defaultResPath(cnfPath: string): string {
  return cnfPath.toLowerCase().endsWith('.cnf') ? cnfPath.slice(0, -4) + '.res' : cnfPath + '.res';
}

/**
 * Writes the file atomically: into a temporary file beside the target, then renamed over it,
 * so a reader never sees half a result and an interrupted write leaves the old file intact.
 */
export async function writeResFile(
  target: string,
  result: SolveResult,
  numVars: number,
  ms: number,
): Promise<void> {
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  try {
    const handle = await open(temp, 'w');
    try {
      for (const chunk of resChunks(result, numVars, ms)) await handle.write(chunk);
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw new CliError(`percent: cannot write '${target}': ${describeError(error)}`);
  }
}

let tempCount = 0;

/**
 * As `writeResFile`, blocking: for the worker threads of folder mode, where nothing else
 * waits on the thread and a thread-pool round trip per file would cost more than the write.
 */
export function writeResFileSync(
  target: string,
  result: SolveResult,
  numVars: number,
  ms: number,
): void {
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}.${threadId}.${tempCount++}.tmp`,
  );
  try {
    const fd = openSync(temp, 'w');
    try {
      for (const chunk of resChunks(result, numVars, ms)) writeSync(fd, chunk);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new CliError(`percent: cannot write '${target}': ${describeError(error)}`);
  }
}
