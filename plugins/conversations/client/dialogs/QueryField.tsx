import { useRef, type ClipboardEvent, type ReactElement } from 'react';
import { Field, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { normaliseSmartQuotes, type QueryError } from '@core/shared/query';

const useStyles = makeStyles({
  mirror: {
    margin: 0, marginTop: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalS, whiteSpace: 'pre-wrap', wordBreak: 'break-word',
    fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium, maxHeight: '6em', overflow: 'auto',
  },
  mark: { backgroundColor: tokens.colorPaletteRedBackground3, color: tokens.colorNeutralForegroundOnBrand, borderRadius: '2px', outline: `1px solid ${tokens.colorPaletteRedBorder2}` },
  errors: { margin: 0, paddingLeft: tokens.spacingHorizontalL, color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  errorButton: {
    border: 'none', background: 'none', padding: 0, font: 'inherit', color: 'inherit', textAlign: 'start', cursor: 'pointer', textDecorationLine: 'underline', textDecorationStyle: 'dotted',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
});

/** Where a mark at `p` ends: a whole word (a keyword, a term), or the one character of a quote or parenthesis. */
function markEnd(value: string, p: number): number {
  const cp = value.codePointAt(p);
  if (cp === undefined) return p;
  const first = String.fromCodePoint(cp);
  if (/[\s()"']/u.test(first) || !/[\p{L}\p{N}]/u.test(first)) return p + first.length;
  let end = p;
  while (end < value.length && !/[\s()"']/u.test(value[end]!)) end += 1;
  return end;
}

/** The query with each error position marked; an error at the end (missing right-hand side) marks a space. */
function Highlighted({ value, errors }: { value: string; errors: readonly QueryError[] }) {
  const styles = useStyles();
  const positions = [...new Set(errors.map((e) => Math.min(Math.max(0, e.position), value.length)))].sort((a, b) => a - b);
  const parts: ReactElement[] = [];
  let at = 0;
  for (const p of positions) {
    if (p < at) continue;
    if (p > at) parts.push(<span key={`t${at}`}>{value.slice(at, p)}</span>);
    const end = markEnd(value, p);
    parts.push(<mark key={`m${p}`} className={styles.mark} data-position={p}>{end > p ? value.slice(p, end) : ' '}</mark>);
    at = end;
  }
  if (at < value.length) parts.push(<span key={`t${at}`}>{value.slice(at)}</span>);
  return <pre className={styles.mirror} data-testid="query-highlight" aria-hidden>{parts}</pre>;
}

export interface QueryFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Errors to show (validateQuery's), null while they are not shown yet. */
  errors: readonly QueryError[] | null;
  disabled?: boolean;
}

/**
 * The boolean query input (spec part 1 section 5): errors inline with their positions highlighted (clicking one
 * puts the caret there), and pasted curly quotes converted to straight ones.
 */
export function QueryField({ value, onChange, errors, disabled }: QueryFieldProps) {
  const styles = useStyles();
  const ref = useRef<HTMLTextAreaElement>(null);
  const shown = errors && errors.length > 0 ? errors : null;

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const text = e.clipboardData.getData('text/plain');
    const straight = normaliseSmartQuotes(text);
    if (straight === text) return;
    e.preventDefault();
    const el = e.currentTarget;
    const start = el.selectionStart ?? value.length;
    const end = el.selectionEnd ?? value.length;
    const next = value.slice(0, start) + straight + value.slice(end);
    onChange(next);
    requestAnimationFrame(() => { el.selectionStart = el.selectionEnd = start + straight.length; });
  };

  const focusAt = (position: number) => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(position, Math.min(value.length, position + 1));
  };

  return (
    <Field
      label="Query"
      required
      hint="AND, OR and NOT in capitals; quotes around phrases and special characters. NOT binds first, then AND, then OR."
      validationState={shown ? 'error' : 'none'}
      validationMessage={shown ? (
        <ul className={styles.errors} data-testid="query-errors">
          {shown.map((e, i) => (
            <li key={`${e.position}-${e.code}-${i}`}>
              <button type="button" className={styles.errorButton} onClick={() => focusAt(e.position)}>{e.message}</button>
            </li>
          ))}
        </ul>
      ) : undefined}
    >
      <Textarea
        ref={ref}
        value={value}
        onChange={(_, d) => onChange(d.value)}
        onPaste={onPaste}
        resize="vertical"
        rows={3}
        disabled={disabled}
        spellCheck={false}
        placeholder={'"climate change" AND (policy OR tax) NOT hoax'}
      />
      {shown && <Highlighted value={value} errors={shown} />}
    </Field>
  );
}
