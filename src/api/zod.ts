/**
 * zod settings and the two shorthands the schemas share. Every schema module imports this one, so
 * the settings are in force before anything is parsed. `zod/mini` keeps the browser bundle small
 * (schema modules import it as `* as z` so bundlers keep only what is used), and `jitless` stops
 * zod from probing `new Function`, which a strict Content-Security-Policy reports as a violation.
 */
import { config, minLength, optional, string, trim } from 'zod/mini';

config({ jitless: true });

/** Shortcut for an optional property. */
export const opt = optional;

/** A non-empty string after trimming. */
export const nonEmpty = () => string().check(trim(), minLength(1));
