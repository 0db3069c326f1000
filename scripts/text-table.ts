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
