import type { CSSResult } from 'lit';

/**
 * Styles that arrive after the element's own (a chunk's, such as the payin views'): added to the
 * shadow root's sheets, after those already there, so one chunk's rules never drop another's.
 */
export function adoptMore(root: ShadowRoot, styles: CSSResult): void {
  const sheet = styles.styleSheet!;
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
