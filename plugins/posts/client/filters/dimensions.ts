import { filterDimensions, isBooleanDimension, type FilterDimension } from '@core/shared/filters';
import { displayPlatform } from '@core/shared/platforms';

/** A registered filter dimension's name (core's and every plugin's; the vocabulary is open, ADR 0007). */
export type Dimension = string;

/** Every registered dimension, in the order the filters panel shows them (each declares its `order`). */
export const dimensionOrder = (): string[] => filterDimensions.names();

/** What the filters panel and the commands call a dimension. */
export const dimensionLabel = (d: Dimension): string => filterDimensions.get(d)?.label ?? d;

export const isBoolean = (d: Dimension): boolean => isBooleanDimension(d);
export const countKey = (d: Dimension): string => filterDimensions.get(d)?.countKey ?? d;

/** How a value of a dimension is shown: platforms from the catalogue, booleans Yes / No, else the dimension's labels. */
export function valueLabel(d: Dimension, value: string): string {
  if (d === 'platforms') return displayPlatform(value, () => undefined).label;
  if (isBoolean(d)) return value === 'true' ? 'Yes' : 'No';
  const dimension: FilterDimension | undefined = filterDimensions.get(d);
  return dimension?.valueLabels?.[value] ?? dimension?.otherValueLabel ?? value;
}

/** The command id suffix of a dimension: `platforms` → `Platforms`, `is_reply` → `IsReply`. */
export function dimensionCommandName(d: Dimension): string {
  return d.split('_').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}
