import express, { type Express } from 'express';
import { PROTOCOL_VERSION } from '@percent/protocol';

const startedAt = Date.now();

/**
 * The HTTP side of the server. Until the race server lands it serves the welcome page and
 * the health check; the built client and the Socket.IO endpoint join it on the same port.
 */
export function createApp(): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true, protocol: PROTOCOL_VERSION, uptimeMs: Date.now() - startedAt });
  });
  app.get('/', (_req, res) => {
    res.type('html').send(welcomePage);
  });
  return app;
}

const welcomePage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Percent</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}
@media (prefers-color-scheme:dark){body{background:#16181d;color:#e6e6e6}}</style></head>
<body><h1>Percent</h1>
<p>A real-time percent-sudoku race. Fill the 9×9 grid so that every row, column, 3×3 box, the
anti-diagonal and the two shaded windows (rows 2–4 × columns 2–4 and rows 6–8 × columns 6–8) each
hold 1–9 exactly once — together they draw a “%”.</p>
<p>百分号数独：每行、每列、每个宫、反对角线以及两个窗口各含 1–9 恰好一次。</p>
<p>The race lobby is on its way; the server is up and healthy (<a href="/healthz">/healthz</a>).</p>
</body></html>`;
