import type { Criterion } from '../shared/api';

/** A criterion in words, as the rule list shows it. */
export function describeCriterion(c: Criterion): string {
  const where = [c.platform?.length ? `on ${c.platform.join(', ')}` : '', c.risk_categories?.length ? `in ${c.risk_categories.join(', ')}` : '']
    .filter(Boolean).join(' ');
  const what = c.kind === 'unusual_change'
    ? `${c.metric} ${c.direction === 'either' ? 'changes' : c.direction === 'increase' ? 'rises' : 'falls'} unusually (${c.sensitivity ?? 'medium'} sensitivity)`
    : `${c.metric} ${c.direction === 'either' ? 'changes' : c.direction === 'increase' ? 'rises' : 'falls'} by ${c.threshold}${c.unit === 'percent' ? '%' : ''}`;
  return where ? `${what} ${where}` : what;
}
