/**
 * Shared links that unfurl (Open Graph): a finished race's replay (`/race/ID`) and a day's daily
 * (`/daily/DAY/VARIANT`) are sent with a title, a description and an image — a 1200×630 PNG of
 * the board (`/og/race/ID.png`: the winner's final board; `/og/daily/DAY/VARIANT.png`: the
 * givens only, never the solution). The image is an SVG drawn here and rasterised by resvg (a
 * maintained Rust renderer with Node bindings; chat apps do not show SVG previews), with the
 * machine's fonts; images are kept in memory once drawn.
 */
import { getVariant, isVariantId } from '@percent/engine';
import { Resvg } from '@resvg/resvg-js';
import { DailyVariantSchema, DaySchema, RaceIdSchema, type VariantName } from '@percent/protocol';
import type { Express, NextFunction, Request, Response } from 'express';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DailyService } from '../daily/service.ts';
import type { HistoryReader } from '../store/history.ts';

export interface Unfurl {
  readonly title: string;
  readonly description: string;
  /** The image's path on this server. */
  readonly image: string;
}

const VARIANT_NAMES: Record<VariantName, string> = {
  classic: 'Classic sudoku',
  percent: 'Percent sudoku',
  x: 'Sudoku X',
  windoku: 'Windoku',
};
const DIFFICULTY_NAMES: Record<string, string> = {
  easy: 'Easy',
  medium: 'Medium',
  hard: 'Hard',
  expert: 'Expert',
};

const variantName = (variant: string): string => VARIANT_NAMES[variant as VariantName] ?? variant;
const clock = (ms: number): string => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** Images drawn so far, by path (a finished race and a day's givens never change). */
const images = new Map<string, Buffer>();
const IMAGES_KEPT = 200;

export function serveUnfurls(
  app: Express,
  deps: { history: HistoryReader; daily?: DailyService; clientDir: string },
): void {
  const page = pageTemplate(deps.clientDir);
  const unfurled =
    (find: (req: Request) => Promise<Unfurl | undefined>) =>
    async (req: Request, res: Response, next: NextFunction) => {
      const html = page();
      const meta = html === undefined ? undefined : await find(req).catch(() => undefined);
      if (!html || !meta) return next();
      const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(withMeta(html, meta, `${origin}${req.originalUrl}`, origin));
    };
  app.get(
    '/race/:raceId',
    unfurled((req) => raceUnfurl(deps.history, String(req.params.raceId))),
  );
  if (deps.daily) {
    const daily = deps.daily;
    app.get(
      ['/daily/:day/:variant', '/daily/:day/:variant/play'],
      unfurled((req) => dailyUnfurl(daily, String(req.params.day), String(req.params.variant))),
    );
    app.get(
      '/og/daily/:day/:file',
      (req, res, next) =>
        void image(res, next, req.path, async () => {
          const variant = /^([a-z]+)\.png$/.exec(String(req.params.file))?.[1];
          const where = await dailyBoard(daily, String(req.params.day), variant ?? '');
          return where && boardPng(where);
        }),
    );
  }
  app.get(
    '/og/race/:file',
    (req, res, next) =>
      void image(res, next, req.path, async () => {
        const id = /^(.+)\.png$/.exec(String(req.params.file))?.[1] ?? '';
        const board = await raceBoard(deps.history, id);
        return board && boardPng(board);
      }),
  );
}

async function image(
  res: Response,
  next: NextFunction,
  path: string,
  draw: () => Promise<Buffer | undefined>,
): Promise<void> {
  let png = images.get(path);
  if (!png) {
    png = await draw().catch(() => undefined);
    if (!png) return next();
    if (images.size >= IMAGES_KEPT) images.clear();
    images.set(path, png);
  }
  res.setHeader('Cache-Control', 'public, max-age=86400');
  res.type('png').send(png);
}

/** The client's index.html (read once), or undefined when the client is not built. */
function pageTemplate(clientDir: string): () => string | undefined {
  let cached: string | undefined;
  return () => {
    if (cached !== undefined) return cached;
    try {
      cached = readFileSync(join(clientDir, 'index.html'), 'utf8');
    } catch {
      return undefined;
    }
    return cached;
  };
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The page with its title and Open Graph / Twitter card tags. */
export function withMeta(html: string, meta: Unfurl, url: string, origin: string): string {
  const tags = [
    ['og:type', 'website'],
    ['og:site_name', 'Percent'],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:url', url],
    ['og:image', `${origin}${meta.image}`],
    ['og:image:width', '1200'],
    ['og:image:height', '630'],
  ]
    .map(
      ([property, content]) => `<meta property="${property}" content="${escapeHtml(content!)}" />`,
    )
    .concat(
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace('</head>', `    ${tags}\n  </head>`);
}

interface BoardPicture {
  readonly variant: string;
  readonly puzzle: string;
  /** The digits to draw in the blanks (81, 0 = none). */
  readonly filled: string;
  readonly title: string;
  readonly lines: readonly string[];
}

async function raceBoard(
  history: HistoryReader,
  raceId: string,
): Promise<BoardPicture | undefined> {
  if (!RaceIdSchema.safeParse(raceId).success) return undefined;
  const stored = await history.raceOf(raceId);
  if (!stored?.ok) return undefined;
  const race = stored.value;
  const winner = race.players[0];
  const board = [...race.puzzle];
  for (const move of race.moves)
    if (move.playerId === winner?.playerId && move.verdict === 'correct')
      board[move.cell] = String(move.digit);
  const lines = race.players.slice(0, 3).map((p) => {
    const place = p.place === null ? '–' : `${p.place}.`;
    return `${place} ${p.nickname}${p.timeMs === null ? '' : `  ${clock(p.timeMs)}`}`;
  });
  return {
    variant: race.variant,
    puzzle: race.puzzle,
    filled: board.join(''),
    title: `${variantName(race.variant)}, ${DIFFICULTY_NAMES[race.difficulty] ?? race.difficulty}`,
    lines: [`${race.players.length} players`, ...lines],
  };
}

async function raceUnfurl(history: HistoryReader, raceId: string): Promise<Unfurl | undefined> {
  const board = await raceBoard(history, raceId);
  if (!board) return undefined;
  return {
    title: `Percent race · ${board.title}`,
    description: board.lines.join(' · '),
    image: `/og/race/${raceId}.png`,
  };
}

async function dailyBoard(
  daily: DailyService,
  day: string,
  variant: string,
): Promise<BoardPicture | undefined> {
  const d = DaySchema.safeParse(day);
  const v = DailyVariantSchema.safeParse(variant);
  if (!d.success || !v.success) return undefined;
  const view = await daily.puzzleView(d.data, v.data, undefined, 1);
  if (!view.ok) return undefined;
  const best = view.value.leaderboard[0];
  return {
    variant: v.data,
    puzzle: view.value.puzzle,
    filled: '0'.repeat(81),
    title: `${variantName(v.data)} · ${d.data}`,
    lines: [
      `${DIFFICULTY_NAMES[view.value.grade.difficulty] ?? view.value.grade.difficulty}`,
      `${view.value.solvers} solved`,
      ...(best ? [`best ${clock(best.timeMs)}`] : []),
    ],
  };
}

async function dailyUnfurl(
  daily: DailyService,
  day: string,
  variant: string,
): Promise<Unfurl | undefined> {
  const board = await dailyBoard(daily, day, variant);
  if (!board) return undefined;
  return {
    title: `Percent daily · ${board.title}`,
    description: `Today's puzzle, the same for everyone: ${board.lines.join(' · ')}`,
    image: `/og/daily/${day}/${variant}.png`,
  };
}

const SIZE = 540;
const CELL = SIZE / 9;

/** The board picture as a 1200×630 SVG: the grid on the left, the title and lines on the right. */
export function boardSvg(picture: BoardPicture): string {
  const shaded = shadedCells(picture.variant);
  const cells: string[] = [];
  for (let cell = 0; cell < 81; cell++) {
    const x = 45 + (cell % 9) * CELL;
    const y = 45 + Math.floor(cell / 9) * CELL;
    if (shaded.has(cell))
      cells.push(`<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="#e6dfcf"/>`);
    const given = picture.puzzle[cell] !== '0';
    const digit = given ? picture.puzzle[cell] : picture.filled[cell];
    if (digit && digit !== '0')
      cells.push(
        `<text x="${x + CELL / 2}" y="${y + CELL * 0.72}" font-size="${CELL * 0.62}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="${given ? 700 : 400}" fill="${given ? '#1d1f24' : '#2457c5'}">${digit}</text>`,
      );
  }
  const lines: string[] = [];
  for (let i = 0; i <= 9; i++) {
    const at = 45 + i * CELL;
    const width = i % 3 === 0 ? 4 : 1;
    lines.push(
      `<line x1="45" y1="${at}" x2="${45 + SIZE}" y2="${at}" stroke="#1d1f24" stroke-width="${width}"/>`,
    );
    lines.push(
      `<line x1="${at}" y1="45" x2="${at}" y2="${45 + SIZE}" stroke="#1d1f24" stroke-width="${width}"/>`,
    );
  }
  const text = picture.lines
    .map(
      (line, i) =>
        `<text x="640" y="${300 + i * 52}" font-size="36" font-family="DejaVu Sans, sans-serif" fill="#1d1f24">${escapeHtml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="#f6f4ef"/>
<rect x="45" y="45" width="${SIZE}" height="${SIZE}" fill="#ffffff"/>
${cells.join('')}${lines.join('')}
<rect x="640" y="60" width="72" height="72" rx="14" fill="#2457c5"/>
<text x="676" y="114" font-size="52" font-weight="700" text-anchor="middle" font-family="DejaVu Sans, sans-serif" fill="#ffffff">%</text>
<text x="730" y="112" font-size="48" font-weight="700" font-family="DejaVu Sans, sans-serif" fill="#1d1f24">Percent</text>
<text x="640" y="215" font-size="40" font-weight="700" font-family="DejaVu Sans, sans-serif" fill="#1d1f24">${escapeHtml(picture.title)}</text>
${text}
</svg>`;
}

/** The cells of the variant's extra houses (diagonals, windows), shaded as the board shows them. */
function shadedCells(variant: string): Set<number> {
  if (!isVariantId(variant)) return new Set();
  const extra = getVariant(variant).houses.filter(
    (house) => house.kind !== 'row' && house.kind !== 'column' && house.kind !== 'box',
  );
  return new Set(extra.flatMap((house) => house.cells));
}

export function boardPng(picture: BoardPicture): Buffer {
  const svg = new Resvg(boardSvg(picture), { font: { loadSystemFonts: true } });
  return svg.render().asPng();
}
