import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@fluentui/react-components';

export const SHOW_FULL_TEXT = 'Show Full Text';
export const SHOW_LESS_TEXT = 'Show Less Text';
/** Without layout (tests, first paint) a text this long per line is assumed to overflow the clamp. */
const CHARS_PER_LINE = 90;

/**
 * Hostile post text, clamped to `lines` lines (spec part 2 section 9: 2 by default, 3 in a popup) with
 * "Show Full Text" / "Show Less Text". Rendered as a text node only, never as HTML.
 */
export function ClampedText({ text, lines = 2, onToggle }: { text: string; lines?: number; onToggle?: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(() => text.length > CHARS_PER_LINE * lines || text.split('\n').length > lines);
  const ref = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || expanded || el.clientHeight === 0) return;
    setOverflows(el.scrollHeight > el.clientHeight + 1);
  }, [text, lines, expanded]);

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
        <Button
          appearance="transparent"
          size="small"
          aria-expanded={expanded}
          onClick={(e) => {
            e.stopPropagation();
            setExpanded(!expanded);
            onToggle?.();
          }}
        >
          {expanded ? SHOW_LESS_TEXT : SHOW_FULL_TEXT}
        </Button>
      )}
    </div>
  );
}
