import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: what the journeys' scans check (as accessibility.spec.ts). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Axe's violations inside the selectors (all of them), as 'id: help' lines; a test expects []. */
export async function axeViolations(page: Page, ...include: string[]): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of include) builder = builder.include(selector);
  const { violations } = await builder.withTags(WCAG_TAGS).analyze();
  return violations.map((violation) => `${violation.id}: ${violation.help}`);
}

/** Nothing on the page is wider than `width` (no sideways scrolling on a phone). */
export async function expectFitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}
