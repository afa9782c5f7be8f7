/** The spec's closed lists for alerts and metrics (part 2, section 3 "Alerts and metrics"). */
export const METRICS = ['post_count', 'risk_score'] as const;
export type Metric = (typeof METRICS)[number];
export const UNITS = ['count', 'percent'] as const;
export type Unit = (typeof UNITS)[number];
export const DIRECTIONS = ['increase', 'decrease', 'either'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const ALERTABLE_TYPES = ['conversation'] as const;

/**
 * How a criterion compares: `threshold` (the spec's: the change since the previous run against `threshold`) or
 * `unusual_change` (ours: the new value against the series' own history, see server/firing/unusualChange.ts).
 */
export const CRITERION_KINDS = ['threshold', 'unusual_change'] as const;
export type CriterionKind = (typeof CRITERION_KINDS)[number];
/** Sensitivity of `unusual_change`: the tail probability under which a value counts as unusual. */
export const SENSITIVITIES = ['low', 'medium', 'high'] as const;
export type Sensitivity = (typeof SENSITIVITIES)[number];

export const NAME_MAX = 200;
export const MAX_CRITERIA = 10;
