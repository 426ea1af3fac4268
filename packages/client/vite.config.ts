import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The server (`packages/server`) serves `dist/`; in development Vite serves the page and
// forwards the API and the Socket.IO connection to the server on port 3000, so the client
// only ever talks to the origin that served it.
const SERVER = process.env.PERCENT_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  // Every text asset also as .br and .gz beside it: the server sends the smallest the browser
  // accepts, compressed once at build time rather than on every request.
  plugins: [preact(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
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
