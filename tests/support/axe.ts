import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeScope {
  /** Only this part of the page, by CSS selector; the whole page by default. */
  include?: string;
}

/** Runs axe (WCAG 2.0/2.1 A and AA) and expects no violation. */
export async function expectNoAxeViolations(page: Page, { include }: AxeScope = {}) {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const results = await (include === undefined ? builder : builder.include(include)).analyze();
  expect(
    results.violations.map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    })),
  ).toEqual([]);
}

/**
 * Analyses the page as the system's light scheme shows it, then as its dark scheme does (the app
 * follows the system until a visitor picks a scheme), and leaves it light again.
 */
export async function expectNoAxeViolationsInBothSchemes(page: Page, scope: AxeScope = {}) {
  const scheme = page.locator('html');
  await expect(scheme).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expectNoAxeViolations(page, scope);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(scheme).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectNoAxeViolations(page, scope);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(scheme).toHaveAttribute('data-mantine-color-scheme', 'light');
}
