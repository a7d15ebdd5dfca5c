import type { HTMLAttributes, ReactNode } from "react";

/** One column: its heading (th scope="col") and what each row shows in it. */
export interface Column<Row> {
  header: string;
  /** The heading is for screen readers only (an actions column). */
  srOnly?: boolean;
  /** This column's heading classes, in place of the table's `headerClassName`. */
  headerClassName?: string;
  /** This column's cell classes. */
  className?: string;
  /** The cell names its row (th scope="row") rather than being a plain td. */
  rowHeader?: boolean;
  cell: (row: Row) => ReactNode;
}

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [attribute: `data-${string}`]: string | undefined };

/** Where a table wider than its box scrolls. A `label` makes it a named region that keyboards can reach and scroll. */
export interface TableScroll {
  className: string;
  label?: string;
}

/**
 * A data table: the one place its markup is written. Each caller passes its own classes, so every
 * table keeps its look; the structure (caption, scoped headings, sr-only headings, a scroll box)
 * is the same everywhere.
 */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  caption,
  scroll,
  className,
  headClassName,
  headRowClassName,
  headerClassName,
  bodyClassName,
  rowClassName,
  rowProps,
  testId,
}: {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** A caption for screen readers (visually hidden). */
  caption?: string;
  scroll?: TableScroll;
  className?: string;
  headClassName?: string;
  headRowClassName?: string;
  headerClassName?: string;
  bodyClassName?: string;
  rowClassName?: string;
  rowProps?: (row: Row) => RowAttributes;
  testId?: string;
}) {
  const table = (
    <table className={className} data-testid={testId}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead className={headClassName}>
        <tr className={headRowClassName}>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={column.headerClassName ?? headerClassName}>
              {column.srOnly ? <span className="sr-only">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={bodyClassName}>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowProps?.(row)} className={rowClassName}>
            {columns.map((column) =>
              column.rowHeader ? (
                <th key={column.header} scope="row" className={column.className}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.header} className={column.className}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!scroll) return table;
  return scroll.label ? (
    <div className={scroll.className} role="region" aria-label={scroll.label} tabIndex={0}>
      {table}
    </div>
  ) : (
    <div className={scroll.className}>{table}</div>
  );
}
