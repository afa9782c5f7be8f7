import { Body1, Caption1, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    height: '100%',
    boxSizing: 'border-box',
    overflow: 'auto',
  },
  config: {
    margin: 0,
    padding: tokens.spacingHorizontalS,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-word',
  },
});

export interface UnknownPanelProps {
  panelType: string;
  config: unknown;
}

/**
 * Shown for a pane whose panel type no installed plugin provides (a removed or renamed plugin, a layout from a
 * newer version). The pane and its config stay in the layout untouched, so reinstalling the plugin brings it back.
 * The config is rendered as text, never as HTML.
 */
export function UnknownPanel({ panelType, config }: UnknownPanelProps) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <Body1>Unknown panel type &quot;{panelType}&quot;</Body1>
      <Caption1>This pane&apos;s configuration is kept.</Caption1>
      <pre className={styles.config}>{JSON.stringify(config, null, 2)}</pre>
    </div>
  );
}
