import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { Button, Portal, Text, makeStyles, tokens } from '@fluentui/react-components';
import { arrowKeyMove, onScreen } from '@core/client/popup/arrowKeyMove';
import { usePopupFocus } from '@core/client/popup/usePopupFocus';

const useStyles = makeStyles({
  frame: {
    position: 'fixed', top: '120px', right: '24px', zIndex: 1000, width: '380px', maxHeight: 'calc(100vh - 160px)', overflow: 'auto',
    backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow16, borderRadius: tokens.borderRadiusMedium,
  },
  header: {
    display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, cursor: 'move',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, touchAction: 'none',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  body: { padding: tokens.spacingHorizontalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/**
 * A profile popup: the header is the drag handle; the close button clears it (spec part 2 section 2). It floats over
 * the whole workbench (a Fluent portal keeps the theme), so a narrow pane never clips it.
 */
export function PopupFrame({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const styles = useStyles();
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; start: { x: number; y: number } } | null>(null);
  // Focus moves in on open and back to the opener on close; Escape closes (issue 21).
  const closeRef = usePopupFocus<HTMLButtonElement>();
  const down = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button')) return;
    drag.current = { x: e.clientX, y: e.clientY, start: offset };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  // Dragged or moved with the arrow keys (while the header has focus), its top-left corner stays on screen and at
  // least 48 px from the right and bottom edges, so the header can always be grabbed again.
  const frame = useRef<HTMLElement>(null);
  /** (dx, dy) cut so the frame's corner stays where it may; [0, 0] before it is drawn. */
  const allowed = (dx: number, dy: number): [number, number] => {
    const rect = frame.current?.getBoundingClientRect();
    if (!rect) return [0, 0];
    return [onScreen(rect.left + dx, window.innerWidth) - rect.left, onScreen(rect.top + dy, window.innerHeight) - rect.top];
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    // From the drawn offset to where the pointer says: an absolute target, so pointer events that arrive before the
    // next render do not add up.
    const [x, y] = allowed(d.start.x + e.clientX - d.x - offset.x, d.start.y + e.clientY - d.y - offset.y);
    setOffset({ x: offset.x + x, y: offset.y + y });
  };
  const onHeaderKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = arrowKeyMove(e);
    if (!step) return;
    const [x, y] = allowed(step[0], step[1]);
    setOffset((o) => ({ x: o.x + x, y: o.y + y }));
  };
  return (
    <Portal>
      <section ref={frame} role="dialog" aria-label={title} className={styles.frame} style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.stopPropagation();
          onClose();
        }}>
        <div className={styles.header} data-testid="popup-drag-handle" tabIndex={0} role="group" aria-roledescription="drag handle"
          aria-label={`Move ${title} with the arrow keys`} onKeyDown={onHeaderKey}
          onPointerDown={down} onPointerMove={move} onPointerUp={() => { drag.current = null; }}>
          <Text weight="semibold">{title}</Text>
          <Button ref={closeRef} size="small" appearance="subtle" aria-label="Clear popup" onClick={onClose}>×</Button>
        </div>
        <div className={styles.body}>{children}</div>
      </section>
    </Portal>
  );
}
