/**
 * Runs the real `percent` CLI as a child process (node + tsx's loader on the TypeScript
 * entry, the same thing `pnpm percent` does, minus pnpm's own start-up) and collects its
 * exit code and output. Formulas are written to a fresh temp folder per test file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatDimacs, type Cnf } from '@percent/engine';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const mainTs = path.join(repoRoot, 'packages/engine/src/cli/main.ts');
const tsxLoader = pathToFileURL(
  createRequire(path.join(repoRoot, 'package.json')).resolve('tsx'),
).href;

export interface CliRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Starts `percent …args`; `onStdout` sees each chunk as it arrives. */
export function startPercent(
  args: readonly string[],
  onStdout?: (chunk: string, child: ChildProcess) => void,
): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', tsxLoader, mainTs, ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    onStdout?.(chunk, child);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

export function percent(...args: string[]): Promise<CliRun> {
  return startPercent(args);
}

/** A temp folder for one test file; `cleanup` removes it. */
export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'percent-cli-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export async function writeCnf(dir: string, name: string, cnf: Cnf): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, formatDimacs(cnf, [`test formula ${name}`]));
  return file;
}

export interface ResFile {
  readonly status: string;
  /** The `v` line's literals, or null without one. */
  readonly literals: number[] | null;
  readonly ms: number;
  readonly lines: string[];
}

/** Reads a `.res` file; fails the test when its shape is wrong. */
export async function readRes(file: string): Promise<ResFile> {
  const lines = (await readFile(file, 'utf8')).split('\n').filter((l) => l !== '');
  const status = /^s (-?\d)$/.exec(lines[0] ?? '')?.[1];
  const t = /^t (\d+(\.\d)?)$/.exec(lines.at(-1) ?? '')?.[1];
  if (status === undefined || t === undefined) throw new Error(`bad .res:\n${lines.join('\n')}`);
  const vLine = lines.find((l) => l.startsWith('v'));
  const literals = vLine === undefined ? null : vLine.split(' ').slice(1).map(Number);
  return { status, literals, ms: Number(t), lines };
}

/** Writes `lines` (each followed by a newline) to `dir/name`; returns the path. */
export async function writeLinesFile(
  dir: string,
  name: string,
  lines: readonly string[],
): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, lines.map((line) => line + '\n').join(''));
  return file;
}

/** The non-empty lines of a command's output. */
export function outputLines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}

/** Runs `percent …args` with `input` as its stdin. */
export function percentWithInput(input: string, ...args: string[]): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', tsxLoader, mainTs, ...args], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(input);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
