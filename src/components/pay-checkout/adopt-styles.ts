import type { CSSResult } from 'lit';
import { Lazy } from '../../api/lazy.js';

/**
 * Styles that arrive after the element's own (a chunk's): added to the shadow root's sheets, after
 * those already there, so neither the payin views' rules nor a theme preset drops the other.
 */
export function adoptMore(root: ShadowRoot, styles: CSSResult): void {
  const sheet = styles.styleSheet!;
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/**
 * The `theme` presets (presets.styles.ts) are a chunk of their own, fetched the first time an
 * element is given one, so a shop that keeps the default look never downloads them. Until it
 * arrives the element keeps the default values (night is already dark); one that failed is asked
 * for again by the next element given a preset.
 */
const presets = new Lazy(() => import('./presets.styles.js').then((module) => module.presets));

export function usePresets(root: ShadowRoot): void {
  presets.get().then(
    (styles) => adoptMore(root, styles),
    () => undefined,
  );
}
