/**
 * Formats shared by the schemas and by code that must not carry zod's request checks (the
 * browser bundle): plain regular expressions.
 */

/** Fiat (ISO 4217, three letters) or crypto (USDT, USDC, …): upper-case letters and digits, 3 to 6. */
export const CURRENCY_CODE_PATTERN = /^[A-Z][A-Z0-9]{2,5}$/;
/** Identifiers travel in paths: printable text without whitespace, "/", "?" or "#", 1 to 128 long. */
export const ID_PATTERN = /^[^/\s?#]{1,128}$/;
export const ID_RULE = 'must be 1 to 128 characters with no spaces, "/", "?" or "#"';
/** P2A_V2 and IMPS: the customer's external payment reference (UTR), exactly 12 digits. */
export const EXTERNAL_REFERENCE_PATTERN = /^\d{12}$/;
