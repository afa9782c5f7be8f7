import { selectionKind } from '@core/client/selection/kinds';
import type { DialogTarget } from './dialogs/InsightDialog';

/**
 * The insight dialog as a popup kind, so commands and popups open it through core's selection service and the
 * conversation page's popup host draws it (the dialog itself is modal).
 */
export const insightDialogKind = selectionKind<DialogTarget & { accountRid?: string }>('insights.dialog');
