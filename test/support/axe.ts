/**
 * axe-core over an element in the browser suite: the rules axe runs by default (WCAG 2.0 and 2.1
 * A/AA, best practice) and the WCAG 2.2 AA ones, which axe leaves off by default (target-size:
 * pointer targets of at least 24 × 24 CSS px, or spaced as far apart).
 */
import { expect } from '@open-wc/testing';
import type { AxeResults, RunOptions } from 'axe-core';

type Axe = typeof import('axe-core');

async function loadAxe(): Promise<Axe> {
  const found = (window as unknown as { axe?: Axe }).axe;
  if (found) return found;
  // The UMD build registers window.axe when it is loaded as a module (axe-min.d.ts declares it).
  await import('axe-core/axe.min.js');
  return (window as unknown as { axe: Axe }).axe;
}

/** The options of every run: the default rules and those tagged wcag22aa. */
export async function axeOptions(): Promise<RunOptions> {
  const axe = await loadAxe();
  const wcag22 = axe.getRules(['wcag22aa']).map((rule) => rule.ruleId);
  return { resultTypes: ['violations'], rules: Object.fromEntries(wcag22.map((id) => [id, { enabled: true }])) };
}

/** Every violation, one line each with its nodes. */
export async function axeViolations(context: Element, only?: string[]): Promise<string[]> {
  const axe = await loadAxe();
  const options = await axeOptions();
  const results: AxeResults = await axe.run(
    context,
    only ? { ...options, runOnly: { type: 'rule', values: only } } : options,
  );
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
        .map((node) => `  ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
        .join('\n')}`,
  );
}

/** The element has no violation of WCAG 2.2 AA (and best practice) that axe can find. */
export async function expectAccessible(element: Element): Promise<void> {
  const violations = await axeViolations(element);
  expect(violations, violations.join('\n')).to.deep.equal([]);
}
