import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Unit tests sit beside their code (`packages/*/src/**/*.test.ts`, `bench/*.test.ts`);
// integration, fault, end-to-end and load tests live in `test/`. `pnpm test` runs them in
// stages (scripts/run-tests.mjs: the browser tests beside the rest, then the tests that time
// the server alone); the JSON reports feed the one-line summary CI prints.
//
// Two projects. `unit`: the unit tests share their worker's modules (`isolate: false`), which
// halves their run (a fresh module graph per file cost ~0.3 s each, 160 files) — so a unit test
// must leave no global behind: stubbed globals and env are undone here after each test, fake
// timers by the test that set them.
// `isolated`: everything in test/ (servers, browsers, child processes) and any unit test that
// mocks a module (`vi.mock` replaces a module for its file only when the file has its own).
const UNIT = ['packages/*/src/**/*.test.ts', 'bench/**/*.test.ts'];

/** Unit test files that call `vi.mock`, found by reading them (relative to the root). */
function unitFilesThatMock(): string[] {
  const root = new URL('.', import.meta.url).pathname;
  const dirs = [
    ...readdirSync(join(root, 'packages')).map((name) => join('packages', name, 'src')),
    'bench',
  ];
  return dirs.flatMap((dir) => {
    let names: string[];
    try {
      names = readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' });
    } catch {
      return [];
    }
    return names
      .filter((name) => name.endsWith('.test.ts') && !name.includes('node_modules'))
      .map((name) => join(dir, name))
      .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(join(root, file), 'utf8')));
  });
}

const mocking = unitFilesThatMock();

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // Every payload a server sends in any suite is checked against the protocol.
    setupFiles: ['test/support/contract.ts'],
    pool: 'forks',
    reporters: ['default', 'json'],
    outputFile: { json: 'test/artifacts/vitest.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT,
          exclude: ['**/node_modules/**', ...mocking],
          isolate: false,
          unstubEnvs: true,
          unstubGlobals: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['test/**/*.test.ts', ...mocking],
        },
      },
    ],
  },
});
