/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, a .cpuprofile file) into its top functions
 * by self time, for BENCHMARKS.md: where a server spends its CPU under load.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  /** µs, the clock of `timeDeltas`. */
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface ProfileLine {
  /** `name (file:line)`, the file relative to the repository or the package in node_modules. */
  readonly where: string;
  /** Share of the busy samples (idle excluded), 0..1. */
  readonly share: number;
  readonly ms: number;
}

export interface ProfileSummary {
  /** Busy time in the profile (everything but `(idle)`), ms. */
  readonly busyMs: number;
  readonly top: readonly ProfileLine[];
}

/** The largest .cpuprofile in `dir` (the main thread's: workers' profiles are smaller). */
export function largestProfile(dir: string): string | undefined {
  const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
  let best: { file: string; size: number } | undefined;
  for (const name of files) {
    const file = path.join(dir, name);
    const size = readFileSync(file).length;
    if (best === undefined || size > best.size) best = { file, size };
  }
  return best?.file;
}

/** Where a frame's code lives, shortened: `src/rooms/move.ts`, `socket.io/dist/socket.js`. */
function shortUrl(url: string, repoRoot: string): string {
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  const inModules = file.lastIndexOf('/node_modules/');
  if (inModules >= 0) {
    const rest = file.slice(inModules + '/node_modules/'.length);
    return rest.startsWith('.pnpm/') ? rest.split('/node_modules/').at(-1)! : rest;
  }
  if (file.startsWith(repoRoot)) return path.relative(repoRoot, file);
  return file === '' ? '(native)' : file;
}

/**
 * The `count` functions with the most self time, from the samples taken `skipMs` or more after
 * the profile began (0: all of them; the server-cost section skips start-up and warm-up).
 */
export function summarizeProfile(
  file: string,
  repoRoot: string,
  count = 15,
  skipMs = 0,
): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const selfUs = new Map<number, number>();
  const from = profile.startTime + skipMs * 1000;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at >= from) selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const byWhere = new Map<string, number>();
  let busyUs = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || us === 0) continue;
    busyUs += us;
    const name = functionName === '' ? '(anonymous)' : functionName;
    const where = url === '' ? name : `${name} (${shortUrl(url, repoRoot)}:${lineNumber + 1})`;
    byWhere.set(where, (byWhere.get(where) ?? 0) + us);
  }
  const top = [...byWhere]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([where, us]) => ({ where, share: us / busyUs, ms: us / 1000 }));
  return { busyMs: busyUs / 1000, top };
}
