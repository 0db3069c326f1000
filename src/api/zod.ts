/**
 * The one import of zod for the whole package. `zod/mini` keeps the browser bundle small, and
 * `jitless` stops zod from probing `new Function`, which a strict Content-Security-Policy reports
 * as a violation. Every schema module imports `z` from here so the setting is in force first.
 */
import * as z from 'zod/mini';

z.config({ jitless: true });

export { z };

/** Shortcut for an optional property. */
export const opt = z.optional;

/** A non-empty string after trimming. */
export const nonEmpty = () => z.string().check(z.trim(), z.minLength(1));
