/**
 * Scores theme labels against a ground truth: per theme precision and recall, and the confusion table (rows: the
 * truth, columns: the classifier's answer; `none` is "no theme").
 */
import { THEME_ORDER } from '../shared/themes';

export const NONE = 'none';
export type Label = string;

export interface ThemeScore { theme: string; support: number; predicted: number; precision: number; recall: number }
export interface QualityReport { scores: ThemeScore[]; confusion: Map<Label, Map<Label, number>>; posts: number }

export function score(truth: readonly (string | null)[], predicted: readonly (string | null)[]): QualityReport {
  if (truth.length !== predicted.length) throw new Error('truth and predictions differ in length');
  const confusion = new Map<Label, Map<Label, number>>();
  for (let i = 0; i < truth.length; i += 1) {
    const t = truth[i] ?? NONE;
    const p = predicted[i] ?? NONE;
    let row = confusion.get(t);
    if (!row) confusion.set(t, (row = new Map()));
    row.set(p, (row.get(p) ?? 0) + 1);
  }
  const scores = THEME_ORDER.map((theme) => {
    const support = [...(confusion.get(theme)?.values() ?? [])].reduce((a, b) => a + b, 0);
    const hits = confusion.get(theme)?.get(theme) ?? 0;
    const predictedCount = [...confusion.values()].reduce((n, row) => n + (row.get(theme) ?? 0), 0);
    return {
      theme, support, predicted: predictedCount,
      precision: predictedCount === 0 ? 0 : hits / predictedCount,
      recall: support === 0 ? 0 : hits / support,
    };
  });
  return { scores, confusion, posts: truth.length };
}

/** The confusion table as Markdown (the ADR prints it). */
export function confusionTable(report: QualityReport): string {
  const labels = [...THEME_ORDER, NONE];
  const head = `| truth \\ answer | ${labels.join(' | ')} |\n|${' --- |'.repeat(labels.length + 1)}`;
  const rows = labels.map((t) => `| ${t} | ${labels.map((p) => report.confusion.get(t)?.get(p) ?? 0).join(' | ')} |`);
  return [head, ...rows].join('\n');
}

/** Per theme figures as Markdown, with the worst precision and recall. */
export function scoreTable(report: QualityReport): string {
  const rows = report.scores.map((s) => `| ${s.theme} | ${s.support} | ${s.precision.toFixed(3)} | ${s.recall.toFixed(3)} |`);
  const worstP = Math.min(...report.scores.map((s) => s.precision));
  const worstR = Math.min(...report.scores.map((s) => s.recall));
  return ['| theme | posts | precision | recall |', '| --- | --- | --- | --- |', ...rows,
    `| worst | | ${worstP.toFixed(3)} | ${worstR.toFixed(3)} |`].join('\n');
}
