/**
 * Shapes the platform's requests share (what is sent, checked strictly). Kept apart from the
 * response shapes so the browser bundle, which parses answers only, does not carry these checks.
 */
import * as z from 'zod/mini';
import { nonEmpty, opt } from '../zod.js';
import { CURRENCY_CODE_PATTERN, EXTERNAL_REFERENCE_PATTERN } from '../patterns.js';
import { amountProblem } from '../money.js';

/**
 * Currency codes are fiat (ISO 4217, three letters) or crypto (USDT, USDC, …), so the shape is
 * upper-case letters and digits, 3 to 6 long. Responses are looser: any non-empty string.
 */
export const currencyCodeSchema = z
  .string()
  .check(z.regex(CURRENCY_CODE_PATTERN, 'must be an upper-case currency code such as INR or USDT'));

/**
 * An amount is a JSON number. What makes it acceptable depends on its currency (decimals), so the
 * rule (`amountProblem` of money.ts: positive, finite, at most MAX_AMOUNT, no more decimals than
 * the currency has) is checked on the money object and reported at `amount`. Responses are looser.
 */
export const amountSchema = z.number();

export const moneySchema = z
  .object({
    amount: amountSchema,
    currencyCode: currencyCodeSchema,
  })
  .check((ctx) => {
    const problem = amountProblem(ctx.value.amount, ctx.value.currencyCode);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, path: ['amount'], input: ctx.value.amount });
  });
export type Money = z.infer<typeof moneySchema>;

/** Account as sent in a request. Which attributes are mandatory depends on the method and currency. */
export const accountRequestSchema = z.object({
  accountName: opt(
    z.string().check(z.regex(/^[\p{L}\p{M}\p{N} .'-]*$/u, 'may contain only letters, numbers and spaces')),
  ),
  accountNumber: opt(z.string()),
  accountType: opt(z.string()),
});
export type AccountRequest = z.infer<typeof accountRequestSchema>;

export const customerNameSchema = z.object({
  lastName: opt(nonEmpty()),
  titleBefore: opt(z.string()),
  firstName: opt(z.string()),
  middleName: opt(z.string()),
  titleAfter: opt(z.string()),
});
export type CustomerName = z.infer<typeof customerNameSchema>;

/** P2A_V2 and IMPS: the customer's external payment reference (UTR), exactly 12 digits. */
export const externalReferenceSchema = z.object({
  reference: z.string().check(z.regex(EXTERNAL_REFERENCE_PATTERN, 'must be exactly 12 digits')),
});
export type ExternalReference = z.infer<typeof externalReferenceSchema>;

/**
 * The customer's payment location. The document names the object `paymentLocation` and its parts
 * only through the redirect parameters postalCode, city and disctrict (spelled so); we send
 * `district` and read either spelling. See docs/platform-choices.md.
 */
export const paymentLocationSchema = z.object({
  postalCode: opt(z.string()),
  city: opt(z.string()),
  district: opt(z.string()),
  disctrict: opt(z.string()),
});
export type PaymentLocation = z.infer<typeof paymentLocationSchema>;
