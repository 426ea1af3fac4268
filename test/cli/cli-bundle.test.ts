// The installed `percent`: the committed launcher starts one esbuild bundle (no tsx), builds
// it when it is missing, rebuilds it when a source is newer, and answers with MiniSat's exit
// codes. Formulas are generated; nothing here reads ../shared/data.
import { spawnSync } from 'node:child_process';
import {
  cp,
  mkdir,
  readdir,
  readFile,
  realpath,
  stat,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnf, pigeonhole } from '@percent/engine';
import { readRes, repoRoot, tempDir, writeCnf } from './cli-harness.ts';
import { percentBin, startBin } from './bin-harness.ts';

const engine = path.join(repoRoot, 'packages/engine');

let dir = '';
let cleanup = async (): Promise<void> => undefined;
let satFile = '';
let unsatFile = '';

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
  satFile = await writeCnf(
    dir,
    'sat.cnf',
    cnf(3, [
      [1, 2],
      [-1, 3],
      [-3, -2],
    ]),
  );
  unsatFile = await writeCnf(dir, 'php-4-3.cnf', pigeonhole(4, 3));
});
afterAll(() => cleanup());

/** The module specifiers a bundle loads: static imports, import() and require() of literals. */
function importsOf(code: string): string[] {
  const patterns = [
    /^\s*import\s[^;]*?\bfrom\s*["']([^"']+)["']/gm,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\(\s*["']([^"']+)["']\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1]!));
}

describe('the CLI bundle', () => {
  it('builds into dist/ as two self-contained files (Node built-ins and piscina only)', async () => {
    const build = spawnSync(process.execPath, ['scripts/build-cli.mjs'], {
      cwd: engine,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    expect(build.stdout).toMatch(/built dist\/ \(2 files/);
    for (const name of ['percent.cjs', 'sat-worker.mjs']) {
      const code = await readFile(path.join(engine, 'dist', name), 'utf8');
      const foreign = importsOf(code).filter((s) => !isBuiltin(s) && s !== 'piscina');
      expect(foreign, name).toEqual([]);
    }
  });

  it('answers through the launcher: exit 10 with a checked model, exit 20', async () => {
    const sat = await percentBin('sat', satFile);
    expect(sat.code, sat.stderr).toBe(10);
    expect(sat.stdout).toContain('SATISFIABLE');
    const res = await readRes(path.join(dir, 'sat.res'));
    expect(res.status).toBe('1');
    expect(res.literals).toHaveLength(3);

    const unsat = await percentBin('sat', unsatFile, '--quiet');
    expect(unsat.code).toBe(20);
    expect(unsat.stdout.trim()).toBe('UNSATISFIABLE');
    expect((await readRes(path.join(dir, 'php-4-3.res'))).status).toBe('0');
  });

  it('finds XOR constraints (xors in the statistics) unless --no-xor', async () => {
    // x1 ⊕ x2 ⊕ x3 = 1 and x1 ⊕ x2 ⊕ x3 = 0, each as its four clauses: UNSAT.
    const odd = [
      [1, 2, 3],
      [1, -2, -3],
      [-1, 2, -3],
      [-1, -2, 3],
    ];
    const even = odd.map((clause) => clause.map((lit) => -lit));
    // Padded past a thousand clauses (plain, non-XOR pairs), so XORs are looked for before any
    // search rather than after a short search, which decides this small core by itself.
    const padding = Array.from({ length: 1000 }, (_, i) => [4 + 2 * i, 5 + 2 * i]);
    const parity = await writeCnf(dir, 'parity.cnf', cnf(2003, [...odd, ...even, ...padding]));
    const withXor = await percentBin('sat', parity, '--json');
    expect(withXor.code, withXor.stderr).toBe(20);
    expect(JSON.parse(withXor.stdout)).toMatchObject({ status: 'unsat', stats: { xors: 2 } });
    const report = await percentBin('sat', parity);
    expect(report.stdout).toMatch(/^xors\s+2$/m);

    const without = await percentBin('sat', parity, '--no-xor', '--json');
    expect(without.code, without.stderr).toBe(20);
    expect(JSON.parse(without.stdout)).toMatchObject({ status: 'unsat', stats: { xors: 0 } });
    const help = await percentBin('sat', '--help');
    expect(help.stdout).toContain('--no-xor');
    expect(help.stdout).toContain('--jobs <n>');
  });
});

describe('the launcher of a fresh checkout', () => {
  let copy = '';

  beforeAll(async () => {
    // The package without dist/, as a clone installed with --ignore-scripts would have it.
    copy = path.join(dir, 'engine');
    for (const part of ['bin', 'scripts', 'src', 'package.json']) {
      await cp(path.join(engine, part), path.join(copy, part), { recursive: true });
    }
    await symlink(path.join(engine, 'node_modules'), path.join(copy, 'node_modules'));
  });

  it('builds a missing bundle on the first run, then just starts it', async () => {
    const bin = path.join(copy, 'bin/percent.js');
    const first = await startBin(['sat', satFile, '--quiet'], { bin });
    expect(first.code, first.stderr).toBe(10);
    expect(first.stderr).toContain('the CLI bundle is not built yet: building it');
    expect((await stat(path.join(copy, 'dist/percent.cjs'))).isFile()).toBe(true);
    // The first run leaves V8's code cache of the bundle; the next one starts from it.
    const caches = (await readdir(path.join(copy, 'dist'))).filter((n) => n.endsWith('.cache'));
    expect(caches).toHaveLength(1);

    const second = await startBin(['sat', satFile, '--quiet'], { bin });
    expect(second.code).toBe(10);
    expect(second.stderr).toBe('');
  });

  it('rebuilds when a source file is newer than the bundle, and drops the old code cache', async () => {
    const bin = path.join(copy, 'bin/percent.js');
    const source = path.join(copy, 'src/sat/solver.ts');
    const later = new Date(Date.now() + 60_000);
    await utimes(source, later, later);
    const run = await startBin(['sat', unsatFile, '--quiet'], { bin });
    expect(run.code, run.stderr).toBe(20);
    expect(run.stderr).toContain('older than its sources: building it');
    const caches = (await readdir(path.join(copy, 'dist'))).filter((n) => n.endsWith('.cache'));
    const { size, mtimeMs } = await stat(path.join(copy, 'dist/percent.cjs'));
    expect(caches).toEqual([`percent.cjs.${size}-${Math.trunc(mtimeMs)}.cache`]);
  });

  it('exits 1 when a source does not compile, and never runs the old bundle', async () => {
    const bin = path.join(copy, 'bin/percent.js');
    const source = path.join(copy, 'src/sat/solver.ts');
    await writeFile(source, (await readFile(source, 'utf8')) + '\nexport const = ;\n');
    const run = await startBin(['sat', satFile, '--quiet'], { bin });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the build failed');
    expect(run.stdout).toBe('');
  });
});

describe('an install without esbuild (pnpm install --prod)', () => {
  it('skips the build on install; the launcher then says how to build the bundle', async () => {
    const copy = path.join(dir, 'engine-prod');
    for (const part of ['bin', 'scripts', 'src', 'package.json']) {
      await cp(path.join(engine, part), path.join(copy, part), { recursive: true });
    }
    for (const dependency of ['commander', 'piscina']) {
      const target = await realpath(path.join(engine, 'node_modules', dependency));
      await mkdir(path.join(copy, 'node_modules'), { recursive: true });
      await symlink(target, path.join(copy, 'node_modules', dependency));
    }
    const build = spawnSync(process.execPath, ['scripts/build-cli.mjs'], {
      cwd: copy,
      encoding: 'utf8',
    });
    expect(build.status).toBe(0);
    expect(build.stdout).toContain('esbuild is not installed');

    const run = await startBin(['sat', satFile], { bin: path.join(copy, 'bin/percent.js') });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the CLI bundle is not built yet and esbuild is not installed');
    expect(run.stderr).toContain('pnpm --filter @percent/engine build:cli');
  });
});
