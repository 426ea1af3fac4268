import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'),
  'utf8',
);

/**
 * axe-core's violations on the page as it is now (WCAG 2.x A and AA, and best practices), one
 * "id (impact): targets" line each — none wanted.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    type Violation = { id: string; impact?: string | null; nodes: { target: string[] }[] };
    type Axe = { run(d: Document): Promise<{ violations: Violation[] }> };
    const result = await (window as unknown as { axe: Axe }).axe.run(document);
    return result.violations.map(
      (v) => `${v.id} (${v.impact ?? '?'}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
}
