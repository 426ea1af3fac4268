#!/usr/bin/env node
// Runs the CLI from its TypeScript source through tsx, so no build step stands between
// `pnpm install` and `percent`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const tsx = require.resolve('tsx/cli');
const main = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
const run = spawnSync(process.execPath, [tsx, main, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
