import { selectionKind } from '@core/client/selection/kinds';

/** Two narratives side by side (core's `narrative` kind is one narrative's popup). */
export const comparisonKind = selectionKind<{ ids: [string, string] }>('topics.comparison');
