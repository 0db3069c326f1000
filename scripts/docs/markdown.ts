/** Small Markdown writers for the generated pages (docs/reference.md, docs/performance.md). */

/** One line of text for a table cell: `|` escaped, `<` and `>` escaped outside code spans, no newlines. */
export function cell(text: string | undefined): string {
  if (!text) return '';
  const oneLine = text.replace(/\s*\n\s*/g, ' ').trim();
  // Split on code spans so that what is inside them stays as written (a `|` is escaped there too:
  // GitHub splits table cells before it reads code spans).
  return oneLine
    .split(/(`[^`]*`)/)
    .map((part, index) =>
      index % 2 === 1
        ? part.replace(/\|/g, '\\|')
        : part.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    )
    .join('');
}

/** Code in a table cell: a code span that holds any backtick it contains. */
export function code(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const fence = oneLine.includes('`') ? '``' : '`';
  const padded = oneLine.startsWith('`') || oneLine.endsWith('`') ? ` ${oneLine} ` : oneLine;
  return `${fence}${padded}${fence}`.replace(/\|/g, '\\|');
}

/** A GitHub table; `align` marks columns of figures, right-aligned. */
export function table(header: string[], rows: string[][], align: ('left' | 'right')[] = []): string {
  const rule = header.map((_, index) => (align[index] === 'right' ? '---:' : '---'));
  return [header, rule, ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
}
