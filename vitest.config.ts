import { defineConfig } from 'vitest/config';

// Unit tests sit beside their code (`packages/*/src/**/*.test.ts`, `bench/*.test.ts`);
// integration, end-to-end and load tests live in `test/`. The JSON report feeds the one-line summary CI prints.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    reporters: ['default', 'json'],
    outputFile: { json: 'test/artifacts/vitest.json' },
  },
});
