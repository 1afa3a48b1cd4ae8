/**
 * axe-core in the page under test. The source (1.5 MB) goes in once per document: AxeBuilder
 * (@axe-core/playwright) injected it twice on every check, about two thirds of each check's time.
 * Only violations are collected (`resultTypes`): the tests read nothing else.
 */
import axeCore, { type Result, type RunOptions } from 'axe-core';
import { expect, type Page } from '@playwright/test';

/** The rules to run: those of some tags (e.g. 'wcag2aa') or the named rules. */
export type AxeRules = { tags: string[] } | { rules: string[] };

const SETTLED = `document.getAnimations().every((animation) => animation.playState !== 'running')`;

/** The violations axe finds on the page as it is, once its animations have ended. */
export async function axeViolations(page: Page, rules: AxeRules): Promise<Result[]> {
  // Colour checks mid-transition see half-faded text: wait for entry animations and transitions.
  await expect
    .poll(() => page.evaluate<boolean>(SETTLED), { timeout: 5_000, intervals: [50, 100] })
    .toBe(true);
  if (!(await page.evaluate<boolean>(`typeof window.axe?.run === 'function'`)))
    await page.evaluate(axeCore.source);
  const options: RunOptions = {
    runOnly:
      'tags' in rules ? { type: 'tag', values: rules.tags } : { type: 'rule', values: rules.rules },
    resultTypes: ['violations'],
  };
  // Typed by hand: the page's function runs in Chromium, these tests compile without the DOM.
  return page.evaluate(async (runOptions) => {
    const page = globalThis as unknown as {
      axe: { run(context: unknown, options: unknown): Promise<{ violations: Result[] }> };
      document: unknown;
    };
    return (await page.axe.run(page.document, runOptions)).violations;
  }, options);
}

/** One line per violation: its rule, impact and the elements it found. */
export function describeViolations(violations: readonly Result[]): string[] {
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? ''}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
