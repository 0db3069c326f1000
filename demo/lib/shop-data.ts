/**
 * The shop's catalog in the pages: fetched once from the demo's server before the page's own
 * script runs (a top-level await), then the presets and method lists of presets.ts.
 */
import type { ShopCatalog } from '../shop-catalog.js';
import { shopPresets } from './presets.js';

const response = await fetch('/shop-catalog.json', { headers: { Accept: 'application/json' } });
if (!response.ok) throw new Error(`The shop's catalog did not load: ${response.status} ${response.statusText}`);

export const { PRESETS, presetNamed, presetForAmount, CURRENCIES, methodsFor, simplestCurrencyFor } = shopPresets(
  (await response.json()) as ShopCatalog,
);
