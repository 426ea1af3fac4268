/**
 * The SAT lab in the browser (`/lab`): a generated satisfiable file picked with the file input
 * is solved in the lab's worker, its model satisfies every clause and the downloaded `.res`
 * says the same; a pigeonhole file dropped on the page is unsatisfiable, also for the baseline of a comparison;
 * Cancel stops a long DPLL search within a second and the lab solves again afterwards; a
 * malformed file shows file:line:column and its line. No request ever goes to the server's
 * API or socket, and once loaded the lab works offline (here at phone width, in dark mode).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  createRng,
  firstFalsifiedClause,
  formatDimacs,
  checkDrat,
  pigeonhole,
  plantedKSat,
} from '@percent/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, screenshot, useE2eSession } from './harness.ts';

/** Opens the lab the way a visitor does, from the home page's link. */
async function openLab(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('link', { name: /Or open the SAT lab/ }).click();
  await page.getByTestId('lab').waitFor();
}

/** Picks `text` as the file `name` through the lab's file input. */
async function pickFile(page: Page, name: string, text: string): Promise<void> {
  const buffer = Buffer.from(text);
  await page.getByTestId('lab-file').setInputFiles({ name, mimeType: 'text/plain', buffer });
}

/** Drops `text` as the file `name` on the page, as a file dragged from the desktop would be. */
async function dropFile(page: Page, name: string, text: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ([fileName, content]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], fileName, { type: 'text/plain' }));
      return transfer;
    },
    [name, text] as const,
  );
  await page.dispatchEvent('main', 'dragover', { dataTransfer });
  await page.locator('.lab-drop').waitFor();
  await page.dispatchEvent('main', 'drop', { dataTransfer });
}

/** The model shown as `1 -2 3 …`, as a `model[v]` array (1 = true). */
function modelOf(text: string, numVars: number): Uint8Array {
  const model = new Uint8Array(numVars + 1);
  for (const literal of text.trim().split(/\s+/).map(Number)) if (literal > 0) model[literal] = 1;
  return model;
}

const AXE_SOURCE = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'),
  'utf8',
);

/**
 * axe-core's violations in the lab (the page's `main`, not the shared header) as it is now, one
 * line each, as in a11y.test.ts.
 */
async function axeReport(page: Page): Promise<string> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    interface Axe {
      run(context: string): Promise<{
        violations: { id: string; help: string; nodes: { target: string[] }[] }[];
      }>;
    }
    const { violations } = await (window as unknown as { axe: Axe }).axe.run('main');
    return violations
      .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
      .join('\n');
  });
}

const statusOf = (page: Page, role: 'chosen' | 'baseline') =>
  page.getByTestId(`lab-run-${role}`).getByTestId('lab-status');

/** Every request the page's context makes to the server's API or socket. */
function watchServerTraffic(page: Page): string[] {
  const seen: string[] = [];
  page.context().on('request', (request) => {
    if (/^\/(socket\.io|api)(\/|$)/.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

describe.skipIf(!hasChromium)('the SAT lab', () => {
  const e2e = useE2eSession();

  it('solves a picked SAT file: a model that satisfies it, and the same in the .res', async () => {
    const page = await e2e.newPage();
    const traffic = watchServerTraffic(page);
    await openLab(page, e2e.server.url);
    await page.getByRole('heading', { name: 'SAT lab' }).waitFor();
    // The home page it came from reads the daily and this device's history; the lab sends nothing.
    traffic.length = 0;
    const { cnf } = plantedKSat(createRng('sat-lab-e2e'), 60, 250, 3);
    await pickFile(page, 'planted-60.cnf', formatDimacs(cnf));
    await expect
      .poll(() => page.getByTestId('lab-summary').textContent())
      .toBe('planted-60.cnf: 60 variables, 250 clauses');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await expect.poll(() => statusOf(page, 'chosen').textContent()).toBe('SAT — satisfiable');
    const shown = (await page.getByTestId('lab-model').textContent()) ?? '';
    expect(firstFalsifiedClause(cnf, modelOf(shown, 60))).toBe(-1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('lab-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('planted-60.res');
    const res = readFileSync(await download.path(), 'utf8');
    expect(res).toMatch(/^s 1\nv [-\d ]+\nt \d+(\.\d)?\n$/);
    expect(res.split('\n')[1]).toBe(`v ${shown.trim()}`);
    await screenshot(page, 'sat-lab-sat');
    expect(await axeReport(page)).toBe('');
    expect(traffic).toEqual([]);
  }, 120_000);

  it('finds a dropped pigeonhole file unsatisfiable, for the baseline too, with the rate', async () => {
    const page = await e2e.newPage();
    await openLab(page, e2e.server.url);
    await dropFile(page, 'php-7-6.cnf', formatDimacs(pigeonhole(7, 6)));
    await expect
      .poll(() => page.getByTestId('lab-summary').textContent())
      .toBe('php-7-6.cnf: 42 variables, 133 clauses');
    expect(await page.locator('.lab-drop').count()).toBe(0);
    await page.getByLabel(/Compare with the baseline/).check();
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await expect
      .poll(() => statusOf(page, 'chosen').textContent(), { timeout: 30_000 })
      .toBe('UNSAT — unsatisfiable');
    expect(await statusOf(page, 'baseline').textContent()).toBe('UNSAT — unsatisfiable');
    // A rate with both times, or — when a run took under 10 ms — both times and no rate.
    const [baselineMs, chosenMs] = (
      await page.locator('[data-stat="lab.stat.ms"]').allTextContents()
    ).map((text) => (text.endsWith(' ms') ? Number.parseFloat(text) : Infinity));
    const comparison = await page.getByTestId('lab-rate').textContent();
    if (Math.min(baselineMs!, chosenMs!) < 10)
      expect(comparison).toMatch(/^Too quick to compare: baseline [\d.]+ ms, optimised [\d.]+ ms/);
    else
      expect(comparison).toMatch(
        /^Optimisation rate \(t − tₒ\) \/ t: -?\d+\.\d%baseline t = [\d.]+ m?s, optimised tₒ = [\d.]+ m?s/,
      );
    expect(await page.getByTestId('lab-model').count()).toBe(0);
    // The chosen run's UNSAT answer comes with a DRAT proof, checked in the worker; DPLL has none.
    const proof = page.getByTestId('lab-run-chosen').getByTestId('lab-proof');
    await expect
      .poll(() => proof.textContent(), { timeout: 30_000 })
      .toMatch(
        /^Proof verified: [\d,]+ lemmas \(DRAT\) checked in [\d.,]+ (ms|s), the ones the refutation uses \([\d,]+ unused\)\.Download the proof \(\.drat\)Download it as LRAT \(\.lrat, with hints\)$/,
      );
    expect(await page.getByTestId('lab-run-baseline').getByTestId('lab-proof').count()).toBe(0);
    const download = page.waitForEvent('download');
    await proof.getByRole('button', { name: 'Download the proof (.drat)' }).click();
    const saved = await (await download).path();
    const drat = readFileSync(saved, 'utf8').trimEnd().split('\n');
    expect(drat.at(-1)).toBe('0');
    expect(checkDrat(pigeonhole(7, 6), new TextEncoder().encode(drat.join('\n'))).status).toBe(
      'verified',
    );
    // And as LRAT: lemma ids after the formula's 133 clauses, ending with the empty clause.
    const lratDownload = page.waitForEvent('download');
    await proof.getByRole('button', { name: 'Download it as LRAT (.lrat, with hints)' }).click();
    const lrat = readFileSync(await (await lratDownload).path(), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lrat[0]).toMatch(/^134 (-?\d+ )*0 (\d+ )+0$/);
    expect(lrat.at(-1)).toMatch(/^\d+ 0 (\d+ )+0$/);
    await screenshot(page, 'sat-lab-unsat-compare');
  }, 120_000);

  it('cancels a long search within a second and then solves again', async () => {
    const page = await e2e.newPage();
    await openLab(page, e2e.server.url);
    await pickFile(page, 'php-13-12.cnf', formatDimacs(pigeonhole(13, 12)));
    await page.getByLabel('Mode').selectOption('dpll');
    await page.getByLabel('Branching').selectOption('first');
    await page.getByLabel('Time budget').selectOption('0');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    const conflicts = page.locator(
      '[data-testid="lab-run-chosen"] [data-stat="lab.stat.conflicts"]',
    );
    await conflicts.waitFor();
    await expect
      .poll(async () => Number((await conflicts.textContent())?.replace(/\D/g, '')))
      .toBeGreaterThan(0);
    await page.getByTestId('lab-running').waitFor();
    await screenshot(page, 'sat-lab-running');
    const asked = Date.now();
    await page.getByTestId('lab-cancel').click();
    await expect
      .poll(() => statusOf(page, 'chosen').textContent(), { interval: 20 })
      .toBe('Cancelled');
    expect(Date.now() - asked).toBeLessThan(1000);
    expect(await page.getByTestId('lab-running').count()).toBe(0);
    // The worker is usable again: a small formula is solved at once.
    await page.getByRole('button', { name: /Random 3-SAT/ }).click();
    await page.getByLabel('Mode').selectOption('cdcl');
    await expect.poll(() => page.getByTestId('lab-summary').count()).toBe(1);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await expect.poll(() => statusOf(page, 'chosen').textContent()).toBe('SAT — satisfiable');
  }, 120_000);

  it('keeps the page responsive with a big model: a preview, and all of it in the .res', async () => {
    const page = await e2e.newPage();
    await openLab(page, e2e.server.url);
    const vars = 100_000;
    const { cnf } = plantedKSat(createRng('sat-lab-big'), vars, 1.5 * vars, 3);
    await pickFile(page, 'big.cnf', formatDimacs(cnf));
    await expect
      .poll(() => page.getByTestId('lab-summary').textContent(), { timeout: 30_000 })
      .toBe('big.cnf: 100,000 variables, 150,000 clauses');
    // No budget: the machine may be busy, and the test is about the page, not the solver.
    await page.getByLabel('Time budget').selectOption('0');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    // While the worker parses and solves, the page answers at once.
    const asked = Date.now();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
    expect(Date.now() - asked).toBeLessThan(500);
    await expect
      .poll(() => statusOf(page, 'chosen').textContent(), { timeout: 60_000 })
      .toBe('SAT — satisfiable');
    const shown = (await page.getByTestId('lab-model').textContent()) ?? '';
    expect(shown.trim().split(' ')).toHaveLength(5000);
    await page.getByText('The first 5,000 of 100,000 variables').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('lab-download').click(),
    ]);
    const res = readFileSync(await download.path(), 'utf8').split('\n');
    expect(res[0]).toBe('s 1');
    expect(firstFalsifiedClause(cnf, modelOf(res[1]!.slice(2), vars))).toBe(-1);
  }, 120_000);

  it('shows where a malformed file is wrong: file:line:column, the line and a caret', async () => {
    const page = await e2e.newPage();
    await openLab(page, e2e.server.url);
    await pickFile(page, 'bad.cnf', 'c a typo\np cnf 3 2\n1 -2 0\n2 x 0\n');
    const error = page.getByTestId('lab-error');
    await error.waitFor();
    const text = (await error.textContent()) ?? '';
    expect(text).toContain('bad.cnf:4:3: expected an integer literal, found "x"');
    expect(text).toContain('2 x 0\n  ^');
    expect(await page.getByRole('button', { name: 'Solve', exact: true }).isDisabled()).toBe(true);
    // A miscounted header is only a warning, as in MiniSat.
    await page.locator('#lab-text').fill('p cnf 3 3\n1 -2 0\n2 3 0\n');
    await expect
      .poll(() => page.getByTestId('lab-summary').textContent())
      .toContain('warning: pasted.cnf:1:9: the header declares 3 clauses, but the formula has 2');
    await pickFile(page, 'bad.cnf', 'c a typo\np cnf 3 2\n1 -2 0\n2 x 0\n');
    await error.waitFor();
    await screenshot(page, 'sat-lab-error');
    expect(await axeReport(page)).toBe('');
  }, 120_000);

  it('works offline once loaded, at phone width in dark mode and in Chinese', async () => {
    const page = await e2e.newPage({
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
      hasTouch: true,
      isMobile: true,
    });
    // A shared link opens the lab directly.
    await page.goto(`${e2e.server.url}/lab`);
    // Once its worker has answered, the page needs the network no more.
    await page.locator('[data-testid="lab"][data-worker-ready]').waitFor();
    await page.context().setOffline(true);
    await page.getByRole('button', { name: /Tseitin parity/ }).click();
    await expect.poll(() => page.getByTestId('lab-summary').count()).toBe(1);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await expect.poll(() => statusOf(page, 'chosen').textContent()).toBe('UNSAT — unsatisfiable');
    // Refuted by its XORs, without a search, and the proof of that checks in the worker.
    const conflicts = page.locator(
      '[data-testid="lab-run-chosen"] [data-stat="lab.stat.conflicts"]',
    );
    expect(await conflicts.textContent()).toBe('0');
    await expect
      .poll(() => page.getByTestId('lab-run-chosen').getByTestId('lab-proof').textContent())
      .toMatch(/^Proof verified: [\d,]+ lemmas \(DRAT\)/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'sat-lab-phone-dark');
    await page.getByRole('button', { name: '中文' }).click();
    await page.getByRole('heading', { name: 'SAT 实验室' }).waitFor();
    expect(await statusOf(page, 'chosen').textContent()).toBe('UNSAT — 不可满足');
    await screenshot(page, 'sat-lab-phone-dark-zh');
    expect(await axeReport(page)).toBe('');
    // Stepping through, offline, in Chinese, at phone width: the page does not widen.
    const step = page.getByTestId('lab-step');
    await step.getByRole('button', { name: '逐步查看 CDCL' }).click();
    await step.getByTestId('lab-step-next-conflict').click();
    await expect.poll(() => step.getByTestId('lab-learned').textContent()).toMatch(/^学到的子句：/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await step.scrollIntoViewIfNeeded();
    await screenshot(page, 'sat-lab-step-phone-dark-zh');
    expect(await axeReport(page)).toBe('');
  }, 120_000);
  it('steps through CDCL to a conflict: its graph, first UIP, learned clause and backjump', async () => {
    const page = await e2e.newPage();
    await openLab(page, e2e.server.url);
    // x1 → x3 at level 1; x2 → x4 → x5 at level 2; x3, x5 and x2 clash.
    await page.locator('#lab-text').fill('p cnf 5 4\n-1 3 0\n-2 4 0\n-4 5 0\n-3 -5 -2 0\n');
    await expect
      .poll(() => page.getByTestId('lab-summary').textContent())
      .toBe('pasted.cnf: 5 variables, 4 clauses');
    const step = page.getByTestId('lab-step');
    await step.getByRole('button', { name: 'Step through CDCL' }).click();
    const event = step.getByTestId('lab-step-event');
    await expect.poll(() => event.textContent()).toBe('Decide x1 at level 1.');
    // The keyboard steps too: → from the Next button.
    await step.getByTestId('lab-step-next').focus();
    await page.keyboard.press('ArrowRight');
    expect(await event.textContent()).toBe(
      'Propagate x3 at level 1: every other literal of c1 (¬x1 ∨ x3) is false.',
    );
    await step.getByTestId('lab-step-next-conflict').click();
    expect(await event.textContent()).toBe(
      'Conflict at level 2: every literal of c4 (¬x3 ∨ ¬x5 ∨ ¬x2) is false.',
    );
    expect(await step.getByTestId('lab-learned').textContent()).toBe('Learned clause: (¬x2 ∨ ¬x3)');
    expect(await step.getByTestId('lab-backjump').textContent()).toBe('Backjump to level 1');
    expect(await step.getByText(/^First UIP: /).textContent()).toBe(
      'First UIP: x2, the one assignment of level 2 left.',
    );
    // The graph: x4 and x5 on the conflict side of the cut, x2 the UIP.
    const graph = step.getByTestId('lab-graph');
    expect(
      await graph
        .locator('.conflict-side')
        .evaluateAll((n) => n.map((e) => e.getAttribute('data-lit'))),
    ).toEqual(['4', '5']);
    expect(await graph.locator('.uip').getAttribute('data-lit')).toBe('2');
    expect(await step.getByTestId('lab-trail').textContent()).toContain(
      'Level 2: x2 (decision), x4 (c2), x5 (c3)',
    );
    await page.keyboard.press('ArrowRight');
    expect(await event.textContent()).toBe('Learn L1 (¬x2 ∨ ¬x3) and jump back to level 1.');
    expect(await step.getByTestId('lab-trail').textContent()).not.toContain('Level 2');
    await screenshot(page, 'sat-lab-step-cdcl');
    expect(await axeReport(page)).toBe('');
    // DPLL on the same formula flips the decision instead of learning.
    await step.getByRole('button', { name: 'Step through DPLL' }).click();
    await step.getByTestId('lab-step-next-conflict').click();
    await page.keyboard.press('ArrowRight');
    expect(await event.textContent()).toBe('Backtrack to level 2 and try ¬x2 instead.');
    expect(await step.getByTestId('lab-analysis').count()).toBe(0);
  }, 120_000);
});
