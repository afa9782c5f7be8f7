import { Button, Tooltip, makeStyles } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import { FullScreenMaximizeRegular } from '@fluentui/react-icons/svg/full-screen-maximize';
import { FullScreenMinimizeRegular } from '@fluentui/react-icons/svg/full-screen-minimize';
import { SplitHorizontalRegular } from '@fluentui/react-icons/svg/split-horizontal';
import { SplitVerticalRegular } from '@fluentui/react-icons/svg/split-vertical';
import { memo, type ReactElement } from 'react';
import type { LayoutAction } from './layoutReducer';

const useStyles = makeStyles({
  controls: { display: 'flex', alignItems: 'center', height: '100%', paddingRight: '2px' },
});

export interface PaneToolbarProps {
  paneId: string;
  title: string;
  maximised: boolean;
  dispatch: (action: LayoutAction) => void;
}

/**
 * The pane's title-bar controls. They dispatch workspace actions instead of using Mosaic's own buttons: Mosaic's
 * split would add a leaf without a pane entry, and its icon buttons are empty without Blueprint's CSS.
 */
/** Memoised: toolbars are re-created on every drag frame, but only change with their pane. */
export const PaneToolbar = memo(function PaneToolbar({ paneId, title, maximised, dispatch }: PaneToolbarProps) {
  const styles = useStyles();
  const control = (label: string, icon: ReactElement, action: LayoutAction) => (
    <Tooltip content={label} relationship="label" withArrow>
      <Button
        appearance="subtle"
        size="small"
        icon={icon}
        aria-label={`${label}: ${title}`}
        // Keep the press from starting a Mosaic drag of the title bar.
        onMouseDown={(event) => event.stopPropagation()}
        onClick={() => dispatch(action)}
      />
    </Tooltip>
  );
  return (
    <div className={styles.controls}>
      {control('Split right', <SplitVerticalRegular />, { type: 'splitPane', paneId, direction: 'row' })}
      {control('Split down', <SplitHorizontalRegular />, { type: 'splitPane', paneId, direction: 'column' })}
      {maximised
        ? control('Restore layout', <FullScreenMinimizeRegular />, { type: 'restore' })
        : control('Maximise pane', <FullScreenMaximizeRegular />, { type: 'maximisePane', paneId })}
      {control('Close pane', <DismissRegular />, { type: 'closePane', paneId })}
    </div>
  );
});
