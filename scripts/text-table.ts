/** The benchmarks' plain-text tables: the first column left-aligned, the others right-aligned, two spaces apart. */
export function table(rows: (string | undefined)[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? (cell ?? '').padEnd(widths[column]!) : (cell ?? '').padStart(widths[column]!),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** A duration in milliseconds as a table shows it: ms under a second, then seconds; '–' when unknown. */
export const ms = (value: number | undefined) =>
  value === undefined
    ? '–'
    : value >= 10_000
      ? `${(value / 1000).toFixed(0)} s`
      : value >= 1000
        ? `${(value / 1000).toFixed(1)} s`
        : `${Math.round(value)} ms`;
