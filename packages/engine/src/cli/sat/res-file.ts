import { closeSync, openSync, readdirSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { resChunks } from '../../sat/result-file.ts';
import type { SolveResult } from '../../sat/types.ts';
import { CliError, describeError } from '../errors.ts';

/** `dir/name.cnf` → `dir/name.res`; any other name gets `.res` appended. */
export function defaultResPath(cnfPath: string): string {
  return cnfPath.toLowerCase().endsWith('.cnf') ? cnfPath.slice(0, -4) + '.res' : cnfPath + '.res';
}

/**
 * Tells apart the temporary files of the threads of one process (folder mode's workers);
 * random rather than `worker_threads.threadId`, whose module a single solve need not load.
 */
const threadTag = Math.random().toString(36).slice(2, 10);
/** Numbers the temporary files of one thread. */
let tempCount = 0;

/** The start of the name of every temporary file this process writes for `target`. */
/**
 * Where one file's result goes: FILE.res beside it, or `--out` — a file name, or a folder
 * (an existing one, or any path ending in `/`) that gets NAME.res inside it, as in folder mode.
 */
export function resTarget(file: string, out: string | undefined): string {
  if (out === undefined) return defaultResPath(file);
  const folder = out.endsWith('/') || out.endsWith(path.sep) || isFolder(out);
  return folder ? path.join(out, path.basename(defaultResPath(file))) : out;
}

function isFolder(target: string): boolean {
  return statSync(target, { throwIfNoEntry: false })?.isDirectory() === true;
}

function tempPrefix(target: string): string {
  return `.${path.basename(target)}.${process.pid}.`;
}

/**
 * Writes the file atomically: into a temporary file beside the target, then renamed over it,
 * so a reader never sees half a result and an interrupted write leaves the old file intact.
 * Synchronous: the CLI has nothing else to do meanwhile (a folder-mode worker neither), and
 * a thread-pool round trip per step cost more than the write on small results.
 */
export function writeResFile(
  target: string,
  result: SolveResult,
  numVars: number,
  ms: number,
): void {
  const temp = path.join(
    path.dirname(target),
    `${tempPrefix(target)}${threadTag}.${tempCount++}.tmp`,
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

/** Removes what a write of `target` interrupted by a terminated worker left behind. */
export function removeTempFiles(target: string): void {
  const dir = path.dirname(target);
  const prefix = tempPrefix(target);
  try {
    for (const name of readdirSync(dir)) {
      if (name.startsWith(prefix) && name.endsWith('.tmp'))
        rmSync(path.join(dir, name), { force: true });
    }
  } catch {
    // The folder is unreadable: nothing of ours can be in it.
  }
}

/**
 * `removeTempFiles` for many targets at once, one directory listing per folder: what a
 * second Ctrl-C in folder mode leaves behind when it exits without waiting for the workers.
 */
export function removeAllTempFiles(targets: readonly string[]): void {
  const byDir = new Map<string, Set<string>>();
  for (const target of targets) {
    const dir = path.dirname(target);
    const prefixes = byDir.get(dir) ?? new Set<string>();
    prefixes.add(tempPrefix(target));
    byDir.set(dir, prefixes);
  }
  for (const [dir, prefixes] of byDir) {
    try {
      for (const name of readdirSync(dir)) {
        if (!name.endsWith('.tmp')) continue;
        const prefix = name.slice(0, name.indexOf(`.${process.pid}.`) + `.${process.pid}.`.length);
        if (prefixes.has(prefix)) rmSync(path.join(dir, name), { force: true });
      }
    } catch {
      // The folder is unreadable: nothing of ours can be in it.
    }
  }
}
