import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * Mosaic's stylesheet supplies layout (absolute tiles, split bars, drop targets); these rules give it Fluent's
 * colours and type so the workspace follows the light and dark themes. Mosaic runs without its Blueprint theme
 * class, and the toolbar buttons are Fluent buttons, so nothing depends on Blueprint's CSS.
 */
export const useWorkspaceStyles = makeStyles({
  root: {
    position: 'relative',
    height: '100%',
    width: '100%',
    minHeight: 0,
    backgroundColor: tokens.colorNeutralBackground3,
    '& .mosaic-window, & .mosaic-preview': {
      borderRadius: tokens.borderRadiusMedium,
      boxShadow: tokens.shadow2,
      backgroundColor: tokens.colorNeutralBackground1,
    },
    '& .mosaic-window .mosaic-window-toolbar, & .mosaic-preview .mosaic-window-toolbar': {
      height: '32px',
      backgroundColor: tokens.colorNeutralBackground2,
      boxShadow: 'none',
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
      color: tokens.colorNeutralForeground1,
    },
    '& .mosaic-window .mosaic-window-title, & .mosaic-preview .mosaic-window-title': {
      paddingLeft: tokens.spacingHorizontalM,
      fontFamily: tokens.fontFamilyBase,
      fontSize: tokens.fontSizeBase300,
      fontWeight: tokens.fontWeightSemibold,
    },
    '& .mosaic-window .mosaic-window-body, & .mosaic-preview .mosaic-window-body': {
      backgroundColor: tokens.colorNeutralBackground1,
      color: tokens.colorNeutralForeground1,
    },
    '& .mosaic-split:hover .mosaic-split-line, & .mosaic-split.-preview .mosaic-split-line': {
      boxShadow: `0 0 0 1px ${tokens.colorBrandStroke1}`,
    },
    '& .mosaic-split:hover, & .mosaic-split.-preview': {
      backgroundColor: 'transparent',
    },
    '& .drop-target-container .drop-target': {
      backgroundColor: tokens.colorBrandBackground2,
      border: `2px solid ${tokens.colorBrandStroke1}`,
    },
    '& .mosaic-tabs-container .mosaic-tab-bar': {
      backgroundColor: tokens.colorNeutralBackground2,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
    '& .mosaic-tab-button': {
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
      color: tokens.colorNeutralForeground2,
      fontFamily: tokens.fontFamilyBase,
    },
    '& .mosaic-tab-button.-active': {
      color: tokens.colorNeutralForeground1,
      boxShadow: `inset 0 -2px 0 ${tokens.colorBrandStroke1}`,
    },
  },
  window: {},
  /**
   * A visible ring on the focused pane, so keyboard users know where "split" and "close" will act. Drawn by a
   * pseudo-element above the toolbar and body: Mosaic gives those a z-index, so an outline on the window itself
   * would be painted underneath them.
   */
  focusedWindow: {
    '::after': {
      content: '""',
      position: 'absolute',
      inset: 0,
      border: `2px solid ${tokens.colorBrandStroke1}`,
      borderRadius: tokens.borderRadiusMedium,
      pointerEvents: 'none',
      zIndex: 5,
    },
  },
  paneBody: {
    height: '100%',
    width: '100%',
    overflow: 'auto',
    boxSizing: 'border-box',
  },
  centred: {
    height: '100%',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
  loading: {
    height: '100%',
    minHeight: '120px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
});
