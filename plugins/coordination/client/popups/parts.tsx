import type { ReactNode } from 'react';
import { Button, makeStyles } from '@fluentui/react-components';
import { displayPlatform } from '@core/shared/platforms';
import { reportLog } from '@core/client/api/logReporter';

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

/** The platform's monogram in its catalogue colour and its label; an unknown platform logs a warning (spec). */
export function PlatformBadge({ platform }: { platform: string }) {
  const info = displayPlatform(platform, (m) => reportLog('warn', m));
  return (
    <span data-platform={info.key} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <span aria-hidden style={{ display: 'inline-grid', placeItems: 'center', minWidth: 22, height: 22, borderRadius: 4, background: info.colour, color: '#fff', fontSize: 11, fontWeight: 700 }}>
        {info.icon.monogram}
      </span>
      <span>{info.label}</span>
    </span>
  );
}
