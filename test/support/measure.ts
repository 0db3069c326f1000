/** Measures of what the element draws, for the accessibility tests. */
import type { PayCheckout } from '../../src/pay-checkout.js';
import { $$ } from './element.js';

/** WCAG relative luminance of an sRGB colour given as rgb()/rgba() numbers. */
export function luminance([r, g, b]: number[]): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
}
export const contrast = (a: number[], b: number[]) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};
export const rgb = (css: string) =>
  css
    .match(/[\d.]+/g)!
    .slice(0, 3)
    .map(Number);
/** A colour as drawn over `background`: rgba() blended by its alpha (color(srgb …) and rgb() both read). */
export function over(css: string, background: number[]): number[] {
  const color = css.match(/(?:rgba?|color)\([^)]*\)/)![0];
  const numbers = color
    .replace(/^color\(srgb/, '')
    .match(/[\d.]+/g)!
    .map(Number);
  const channels = color.startsWith('color(') ? numbers.slice(0, 3).map((n) => n * 255) : numbers.slice(0, 3);
  const alpha = color.includes('/') || color.startsWith('rgba') ? (numbers[3] ?? 1) : 1;
  return channels.map((channel, i) => alpha * channel + (1 - alpha) * background[i]!);
}

/** Every visible control smaller than 24×24 CSS px (a radio counts by its label, the whole row). */
export function smallTargets(element: PayCheckout): string[] {
  return $$(element, 'button, a, summary, select, input:not([type="radio"])')
    .filter((node) => node.getClientRects().length)
    .map((node) => [node, node.getBoundingClientRect()] as const)
    .filter(([, rect]) => rect.width < 24 || rect.height < 24)
    .map(
      ([node, rect]) =>
        `${node.tagName} "${node.textContent!.trim()}" ${rect.width.toFixed(1)}×${rect.height.toFixed(1)}`,
    );
}
