import axe from 'axe-core';

/**
 * What axe-core finds on the rendered page: its violations and the items it leaves for review, one line per rule
 * with the offending elements (empty when clean). WCAG 2.1 A and AA and axe's best practices; colour contrast is the
 * browser test's (tests/e2e/a11y.test.ts): jsdom computes no colours.
 */
export async function axeFindings(root: Element = document.body): Promise<string[]> {
  const result = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return [...result.violations.map((v) => ['violation', v] as const), ...result.incomplete.map((v) => ['review', v] as const)]
    .map(([kind, v]) => `${kind} ${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
}
