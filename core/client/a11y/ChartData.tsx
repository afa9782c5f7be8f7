import { useId, useState, type ReactNode } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';

/** One row of a chart's data: its cells in the order of the columns (the first names the mark). */
export interface ChartDataRow { key: string; cells: ReactNode[] }

const useStyles = makeStyles({
  root: { flexShrink: 0, maxHeight: '50%', overflow: 'auto' },
  table: { borderCollapse: 'collapse', fontSize: tokens.fontSizeBase200, margin: tokens.spacingVerticalXS },
  caption: { textAlign: 'start', fontWeight: tokens.fontWeightSemibold, padding: tokens.spacingVerticalXXS },
  cell: { textAlign: 'start', padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  numeric: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
});

/**
 * A chart's text alternative (issue 21, WCAG 1.1.1): a *Chart data* disclosure button under the chart that shows the
 * chart's figures as a real table, captioned with what the chart shows. The button says whether it is open
 * (`aria-expanded`, which screen readers announce) and names the table it controls. The table stays in the page
 * while closed (the `hidden` attribute takes it out of sight and of the accessibility tree), so its figures are
 * there for whoever reads the page's text. Every Plotly pane uses this one component, so charts read alike.
 */
export function ChartData(props: {
  /** What the table shows, e.g. "Posts per topic": its caption and accessible name. */
  caption: string;
  columns: string[];
  rows: ChartDataRow[];
  /** Columns whose figures align right (by index). */
  numericColumns?: number[];
}) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const tableId = useId();
  const numeric = new Set(props.numericColumns ?? []);
  const cellClass = (i: number) => (numeric.has(i) ? `${styles.cell} ${styles.numeric}` : styles.cell);
  return (
    <div className={styles.root}>
      <Button size="small" appearance="subtle" aria-expanded={open} aria-controls={tableId}
        icon={open ? <ChevronDownRegular /> : <ChevronRightRegular />} onClick={() => setOpen((o) => !o)}>
        Chart data
      </Button>
      <table id={tableId} hidden={!open} aria-label={props.caption} className={styles.table}>
        <caption className={styles.caption}>{props.caption}</caption>
        <thead>
          <tr>{props.columns.map((c, i) => <th key={c} scope="col" className={cellClass(i)}>{c}</th>)}</tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.key}>{row.cells.map((cell, i) => <td key={i} className={cellClass(i)}>{cell}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
