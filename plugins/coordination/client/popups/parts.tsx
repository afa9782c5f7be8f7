import type { ReactNode } from 'react';
import { Button, makeStyles } from '@fluentui/react-components';

export const usePopupStyles = makeStyles({
  table: { borderCollapse: 'collapse', width: '100%', '& td, & th': { textAlign: 'left', padding: '2px 4px', wordBreak: 'break-all', verticalAlign: 'top' } },
  // Post bodies keep their line breaks; they are text nodes, never HTML.
  body: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
});

/** Dates as the user popup shows them; missing ones are N/A (spec: "Missing values show N/A or Unavailable"). */
export const shownDate = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : 'N/A');

/** Copy to clipboard, client side only (spec part 2 section 2: domain, hashtag and post popups). */
export function CopyButton({ value }: { value: string }) {
  return <Button size="small" onClick={() => void navigator.clipboard?.writeText(value)}>Copy to clipboard</Button>;
}

/** Label/value rows. */
export function Fields({ label, rows }: { label: string; rows: Array<[string, ReactNode]> }) {
  const styles = usePopupStyles();
  return (
    <table className={styles.table} aria-label={label}><tbody>
      {rows.map(([k, v]) => <tr key={k}><th>{k}</th><td>{v}</td></tr>)}
    </tbody></table>
  );
}

/** The shared platform badge (core): monogram in the catalogue colour and label; unknown platforms log a warning. */
export { PlatformBadge } from '@core/client/platforms/PlatformBadge';
