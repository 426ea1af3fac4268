import { spawn } from 'node:child_process';

export interface ProcessRun {
  /** Exit code, or null when the process died of a signal (e.g. our timeout kill). */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Wall time from spawn to exit, ms. */
  readonly wallMs: number;
  /** True when we killed it for exceeding `killAfterMs`. */
  readonly killed: boolean;
}

/** Output beyond this is dropped: solvers' logs are small, and memory must stay bounded. */
const MAX_OUTPUT_CHARS = 1 << 20;

/**
 * Runs one command to completion, with SIGKILL after `killAfterMs` of wall time, so a hung
 * solver never stalls the bench; its memory goes with the process. Never rejects: a command
 * that cannot start reports code null with the reason in `stderr`.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  killAfterMs: number,
): Promise<ProcessRun> {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let killed = false;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    if (stdout.length < MAX_OUTPUT_CHARS) stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < MAX_OUTPUT_CHARS) stderr += chunk;
  });
  const timer = setTimeout(() => {
    killed = true;
    child.kill('SIGKILL');
  }, killAfterMs);
  return new Promise((resolve) => {
    const finish = (code: number | null, error?: Error): void => {
      clearTimeout(timer);
      if (error) stderr += error.message;
      resolve({ code, stdout, stderr, wallMs: performance.now() - started, killed });
    };
    child.on('error', (error) => finish(null, error));
    child.on('close', (code) => finish(code));
  });
}

/** True when `command` can be started (found on PATH). */
export async function onPath(command: string): Promise<boolean> {
  const run = await runProcess('sh', ['-c', `command -v ${command}`], 5000);
  return run.code === 0;
}
