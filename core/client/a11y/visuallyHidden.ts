import type { CSSProperties } from 'react';

/** Out of sight, still read by screen readers (e.g. a heading that keeps the heading order of a pane without a title). */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', border: 0, whiteSpace: 'nowrap',
};
