import { useLayoutEffect, useRef, useState } from 'react';
import { tokens } from '@fluentui/react-components';

export const SHOW_FULL_TEXT = 'Show Full Text';
export const SHOW_LESS_TEXT = 'Show Less Text';
/** Without layout (tests, first paint) a text this long per line is assumed to overflow the clamp. */
const CHARS_PER_LINE = 90;
/** A native button (table rows mount many while scrolling; Fluent's Button costs more per mount). */
export const LINK_BUTTON = {
  border: 'none', background: 'none', padding: '2px 0', color: tokens.colorBrandForegroundLink, cursor: 'pointer', font: 'inherit', fontSize: 12,
} as const;

/**
 * Hostile post text, clamped to `lines` lines (spec part 2 section 9: 2 by default, 3 in a popup) with
 * "Show Full Text" / "Show Less Text". Rendered as a text node only, never as HTML. Whether the text overflows is
 * measured after layout, or (with `measure={false}`) estimated from its length and line breaks.
 */
export function ClampedText({ text, lines = 2, onToggle, measure = true }: { text: string; lines?: number; onToggle?: () => void; measure?: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(() => text.length > CHARS_PER_LINE * lines || text.split('\n').length > lines);
  const ref = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    // Table rows skip the measurement: reading layout for every row entering the view costs scroll frames.
    if (!measure || !el || expanded || el.clientHeight === 0) return;
    setOverflows(el.scrollHeight > el.clientHeight + 1);
  }, [text, lines, expanded, measure]);

  return (
    <div>
      <div
        ref={ref}
        style={expanded ? { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } : {
          display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden',
          whiteSpace: 'pre-wrap', overflowWrap: 'anywhere',
        }}
      >
        {text}
      </div>
      {(overflows || expanded) && (
        <button
          type="button"
          style={LINK_BUTTON}
          aria-expanded={expanded}
          onClick={(e) => {
            e.stopPropagation();
            setExpanded(!expanded);
            onToggle?.();
          }}
        >
          {expanded ? SHOW_LESS_TEXT : SHOW_FULL_TEXT}
        </button>
      )}
    </div>
  );
}
