// One linter for the whole repo. Besides the usual rules it enforces the dependency
// direction written down in docs/ARCHITECTURE.md, so a wrong import fails CI, not review.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Exact specifiers only: a gitignore-style entry such as 'net' would also match a relative
// path with a `net` folder in it (the client's src/net/).
const nodeBuiltins = {
  regex:
    '^(node:.*|fs(/.*)?|path|os|child_process|worker_threads|readline|stream|process|url|util|events|crypto|http|https|net)$',
};

/**
 * The client's features and the other features each may import (a graph without cycles;
 * docs/ARCHITECTURE.md, "Client"). Anything two features share lives in a lower layer.
 */
const CLIENT_FEATURES = {
  play: [],
  lab: [],
  daily: ['play', 'replay'],
  replay: [],
  room: ['play', 'replay'],
  solo: ['play', 'replay'],
  home: ['daily', 'replay'],
};

/** A restriction on import specifiers, with the reason shown to whoever breaks it. */
const banned = (group, message) =>
  Array.isArray(group) ? { group, message } : { ...group, message };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'coverage/**', 'test/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    // Every package runs on Node or in the browser; the import rules below, not globals,
    // keep Node APIs out of the pure packages.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use an `as const` object, not `enum`.' },
      ],
    },
  },
  {
    // The CLI launcher is CommonJS (bin/package.json): Node starts it sooner than a module.
    files: ['packages/engine/bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['packages/engine/src/**/*.ts'],
    ignores: ['packages/engine/src/cli/**', 'packages/engine/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            banned(['@percent/*'], 'The engine imports nothing from the workspace.'),
            banned(nodeBuiltins, 'The engine is pure: Node APIs belong in src/cli/ only.'),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/engine/src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [banned(['@percent/*'], 'The engine imports nothing from the workspace.')] },
      ],
    },
  },
  {
    files: ['packages/protocol/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            banned(['@percent/*'], 'The protocol is the shared contract: it imports no package.'),
            banned(nodeBuiltins, 'The protocol runs in the browser too.'),
          ],
        },
      ],
    },
  },
  {
    // The one socket client runs in the browser and in Node test bots: no API of either.
    files: ['packages/net/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            banned(
              ['@percent/*', '!@percent/protocol'],
              'The socket client speaks the protocol and knows no other package.',
            ),
            banned(nodeBuiltins, 'The socket client runs in the browser too.'),
            banned(['preact', 'preact/*', '@preact/signals'], 'Only @preact/signals-core: no UI.'),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/client/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            banned(
              ['@percent/server', '@percent/server/*'],
              'The client talks to the server only through @percent/protocol.',
            ),
            banned(nodeBuiltins, 'The client runs in the browser.'),
          ],
        },
      ],
    },
  },
  // The client's layers: ui/, net/, state/, board/, i18n/, theme/, sound/ and workers/ below features/;
  // a feature imports another only along this graph (no cycles), everything else they share
  // lives in a lower layer.
  {
    files: ['packages/client/src/{ui,net,state,board,i18n,theme,sound,workers}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            banned(
              ['@percent/server', '@percent/server/*'],
              'The client talks to the server only through @percent/protocol.',
            ),
            banned(nodeBuiltins, 'The client runs in the browser.'),
            banned({ regex: '^(\\.\\./)+features/' }, 'A lower layer never imports a feature.'),
          ],
        },
      ],
    },
  },
  ...Object.entries(CLIENT_FEATURES).map(([feature, allowed]) => {
    const others = Object.keys(CLIENT_FEATURES).filter(
      (f) => f !== feature && !allowed.includes(f),
    );
    return {
      files: [`packages/client/src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              banned(
                ['@percent/server', '@percent/server/*'],
                'The client talks to the server only through @percent/protocol.',
              ),
              banned(nodeBuiltins, 'The client runs in the browser.'),
              banned(
                { regex: `^(\\.\\./)+(${others.join('|')})/` },
                `features/${feature} may import only ${allowed.join(', ') || 'no other feature'}` +
                  ' (eslint.config.js, CLIENT_FEATURES); share code through ui/, net/, state/ or i18n/.',
              ),
            ],
          },
        ],
      },
    };
  }),
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: [
      'packages/server/src/socket/**',
      'packages/server/src/http/**',
      'packages/server/src/main.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            banned(
              ['@percent/client', '@percent/client/*'],
              'The server never imports the client.',
            ),
            banned(['socket.io', 'socket.io/*'], 'Only server/src/socket/ imports socket.io.'),
            banned(['express', 'express/*'], 'Only server/src/http/ imports express.'),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/rooms/**/*.ts'],
    ignores: ['packages/server/src/rooms/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            banned(
              [
                'socket.io',
                'socket.io/*',
                'express',
                'express/*',
                'better-sqlite3',
                'pino',
                'ioredis',
                'pg',
              ],
              'rooms/ is the pure core.',
            ),
            banned(nodeBuiltins, 'rooms/ is the pure core: no I/O.'),
            banned(
              [
                '../store/*',
                '../runner/*',
                '../socket/*',
                '../http/*',
                '../puzzles/*',
                '../cluster/*',
                '../main.ts',
              ],
              'rooms/ is the core: the rest of the server depends on it, never the reverse.',
            ),
          ],
        },
      ],
    },
  },
  {
    // The runner carries out the core's effects through the transport and store interfaces:
    // it never sees a socket or an HTTP request.
    files: ['packages/server/src/runner/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            banned(
              ['socket.io', 'socket.io/*', 'express', 'express/*'],
              'runner/ talks to a RoomTransport.',
            ),
            banned(
              ['../socket/*', '../http/*'],
              'runner/ talks to a RoomTransport, not to the socket layer.',
            ),
            banned(
              ['../cluster/*', 'ioredis'],
              'runner/ writes through a RoomLog; cluster/ implements it.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/store/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            banned(
              ['../runner/*', '../socket/*', '../http/*', '../cluster/*'],
              'The store knows the core only.',
            ),
            banned(
              ['socket.io', 'socket.io/*', 'express', 'express/*', '@percent/client'],
              'The store is storage only.',
            ),
          ],
        },
      ],
    },
  },
  {
    // A cluster node carries out the same runner through Redis: it never handles a request.
    files: ['packages/server/src/cluster/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            banned(['../http/*', 'express', 'express/*'], 'cluster/ never handles HTTP.'),
            banned(['../socket/handlers.ts'], 'cluster/ reaches rooms, not client events.'),
          ],
        },
      ],
    },
  },
);
