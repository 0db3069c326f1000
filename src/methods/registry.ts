/**
 * Method views by code. The package's own arrive in two parts: the QR family's with the payin
 * views chunk (builtin.ts), every other code's and the generic view with a chunk of their own
 * (other-views.ts), fetched only when needed. A merchant may register its own at any time, and
 * those win over the built-in ones.
 */
import type { CSSResult } from 'lit';
import type { MethodModule } from './types.js';

const own = new Map<string, MethodModule>();
const builtin = new Map<string, MethodModule>();
let fallback: MethodModule | undefined;
const sheets = new Set<CSSResult>();

/** Registers a view for one or more codes (a merchant's own, or a replacement). */
export function registerMethod(codes: readonly string[], module: MethodModule): void {
  for (const code of codes) own.set(code, module);
}

/**
 * Called by builtin.ts and other-views.ts as each loads; the latter brings the generic view and
 * the rules of its views (other-views.styles.ts), which the element adopts (viewStyles).
 */
export function registerBuiltins(
  modules: readonly (readonly [string, MethodModule])[],
  generic?: MethodModule,
  styles?: CSSResult,
): void {
  for (const [code, module] of modules) builtin.set(code, module);
  if (generic) fallback = generic;
  if (styles) sheets.add(styles);
}

/** The rules the views registered so far brought beside the payin views' own. */
export const viewStyles = (): readonly CSSResult[] => [...sheets];

/**
 * The view of a code once its views are loaded (a code without one gets the generic view);
 * undefined before, e.g. for a bank transfer while other-views.ts is still to come.
 */
export function methodFor(code: string): MethodModule | undefined {
  return own.get(code) ?? builtin.get(code) ?? fallback;
}

/** Whether the merchant registered its own view for `code`. */
export const hasOwnView = (code: string): boolean => own.has(code);

/** Codes with a view of their own. */
export function registeredCodes(): string[] {
  return [...new Set([...builtin.keys(), ...own.keys()])];
}

export type { MethodModule };
