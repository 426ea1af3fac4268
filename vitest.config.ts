import { defineConfig } from 'vitest/config';

// Unit tests sit beside their code (`packages/*/src/**/*.test.ts`, `bench/*.test.ts`);
// integration, fault, end-to-end and load tests live in `test/`. `pnpm test` runs the fault
// suite apart (scripts/run-tests.mjs); the JSON reports feed the one-line summary CI prints.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 30_000,
    // Every payload a server sends in any suite is checked against the protocol.
    setupFiles: ['test/support/contract.ts'],
    pool: 'forks',
    reporters: ['default', 'json'],
    outputFile: { json: 'test/artifacts/vitest.json' },
  },
});
