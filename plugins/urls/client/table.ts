/** A sortable column of the URLs plugin's tables: header, value for sorting, text. */
export interface Column<Row, Key extends string = string> {
  key: Key;
  label: string;
  sort: (row: Row) => string | number;
  text: (row: Row) => string;
}

/** Rows sorted by one column; ties keep a stable order by `tie` (the domain or URL), ascending. */
export function sortRows<Row>(rows: readonly Row[], column: Pick<Column<Row>, 'sort'>, direction: 'asc' | 'desc', tie: (row: Row) => string): Row[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = column.sort(a);
    const y = column.sort(b);
    return x < y ? -sign : x > y ? sign : tie(a).localeCompare(tie(b));
  });
}

/** Starts a browser download of CSV text. */
export function downloadCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}
