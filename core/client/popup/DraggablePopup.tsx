import { useId, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { arrowKeyMove, onScreen } from './arrowKeyMove';
import { usePopupFocus } from './usePopupFocus';
import { Button, Portal, Text, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  frame: {
    position: 'fixed', zIndex: 1000, maxHeight: '70vh', overflow: 'auto', display: 'flex', flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1, border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium, boxShadow: tokens.shadow28,
  },
  header: {
    display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, cursor: 'move', userSelect: 'none', touchAction: 'none',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS} ${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  title: { flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  body: { padding: tokens.spacingHorizontalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

export interface DraggablePopupProps {
  /** Shown in the header and the dialog's accessible name. */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Accessible name of the close button (the spec's profile popups are "cleared"; default "Close"). */
  closeLabel?: string;
  /** Top-left corner when it opens, in viewport pixels. */
  initialPosition?: { x: number; y: number };
  width?: number;
  /** data-testid of the frame; the header gets `<testId>-header`. */
  testId?: string;
}

/**
 * A non-modal floating window (spec part 2 section 2, profile popups: "the header is the drag handle"): drag the
 * header with the pointer, or focus it and use the arrow keys; Escape or the close button closes it. It takes focus
 * (its close button) when it opens and gives it back to whatever had it (the opener) when it closes. It floats over
 * the whole workbench in a Fluent portal (which carries the theme), so a narrow pane never clips it; the rest of the
 * page stays usable while it is open.
 */
export function DraggablePopup({ title, onClose, children, closeLabel = 'Close', initialPosition = { x: 120, y: 120 }, width = 420, testId = 'draggable-popup' }: DraggablePopupProps) {
  const styles = useStyles();
  const titleId = useId();
  const [position, setPosition] = useState(initialPosition);
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const closeRef = usePopupFocus<HTMLButtonElement>();

  const moveTo = (x: number, y: number) => setPosition({ x: onScreen(x, window.innerWidth), y: onScreen(y, window.innerHeight) });
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button')) return;
    drag.current = { dx: e.clientX - position.x, dy: e.clientY - position.y };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) moveTo(e.clientX - drag.current.dx, e.clientY - drag.current.dy);
  };
  const onHeaderKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const move = arrowKeyMove(e);
    if (move) moveTo(position.x + move[0], position.y + move[1]);
  };

  return (
    <Portal>
      <div
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        data-testid={testId}
        className={styles.frame}
        style={{ left: position.x, top: position.y, width }}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.stopPropagation();
          onClose();
        }}
      >
        <div
          className={styles.header}
          data-testid={`${testId}-header`}
          tabIndex={0}
          role="group"
          aria-roledescription="drag handle"
          aria-label={`Move ${title} with the arrow keys`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => { drag.current = null; }}
          onPointerCancel={() => { drag.current = null; }}
          onKeyDown={onHeaderKey}
        >
          <Text id={titleId} weight="semibold" className={styles.title}>{title}</Text>
          <Button ref={closeRef} size="small" appearance="subtle" aria-label={closeLabel} title={closeLabel} onClick={onClose}>✕</Button>
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </Portal>
  );
}
