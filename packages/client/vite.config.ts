import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// The server (`packages/server`) serves `dist/`; in development Vite serves the page and
// forwards the API and the Socket.IO connection to the server on port 3000, so the client
// only ever talks to the origin that served it.
const SERVER = process.env.PERCENT_SERVER ?? 'http://localhost:3000';

/**
 * The installable app: a web app manifest and a Workbox service worker (vite-plugin-pwa) that
 * precaches the whole shell — every page, chunk, worker and icon — so `/solo`, `/lab`, the daily
 * pages and replays load offline once visited. `/api` answers are never precached: a finished
 * race (`/api/races/ID`, which never changes) is kept once fetched, a day's daily page is fetched
 * fresh and kept only as the offline fallback, and nothing else is cached. A new version waits
 * for the player's "Reload" (`registerType: 'prompt'`, ui/UpdateBanner.tsx).
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    name: 'Percent — sudoku races',
    short_name: 'Percent',
    description:
      'Real-time percent-sudoku races with friends, a daily puzzle, solo play and a SAT lab.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#f6f4ef',
    theme_color: '#2457c5',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    // The engine's worker chunks are large: precache them all the same (offline solving).
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//, /^\/healthz/],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // A finished race never changes: kept once fetched, for its replay offline.
        urlPattern: ({ url }) => url.pathname.startsWith('/api/races/'),
        handler: 'CacheFirst',
        options: { cacheName: 'percent-races', expiration: { maxEntries: 60 } },
      },
      {
        // A day's daily page: always fetched fresh; the last answer only when offline.
        urlPattern: ({ url }) => /^\/api\/daily(\/\d{4}-\d{2}-\d{2}\/[a-z]+)?$/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'percent-daily',
          networkTimeoutSeconds: 5,
          expiration: { maxEntries: 40 },
        },
      },
    ],
  },
});

export default defineConfig({
  // Every text asset also as .br and .gz beside it: the server sends the smallest the browser
  // accepts, compressed once at build time rather than on every request.
  plugins: [
    preact(),
    pwa,
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  worker: { format: 'es' },
  server: {
    proxy: {
      '/socket.io': { target: SERVER, ws: true },
      '/api': SERVER,
      '/healthz': SERVER,
    },
  },
});
