import { nonEmpty, opt, z } from '../zod.js';

/**
 * Currency codes are fiat (ISO 4217, three letters) or crypto (USDT, USDC, …), so the shape is
 * upper-case letters and digits, 3 to 6 long. Responses are looser: any non-empty string.
 */
export const currencyCodeSchema = z.string().check(
  z.regex(/^[A-Z][A-Z0-9]{2,5}$/, 'must be an upper-case currency code such as INR or USDT'),
);

/**
 * An amount is a JSON number. Requests must send a positive, finite number; responses may carry a
 * numeric string, which some gateways emit for precision, and it is read as a number.
 */
export const amountSchema = z.number().check(
  z.refine((n) => Number.isFinite(n) && n > 0, 'must be a positive number'),
);

const responseAmountSchema = z.pipe(
  z.union([z.number(), z.string().check(z.regex(/^-?\d+(\.\d+)?$/))]),
  z.transform((value) => Number(value)),
);

export const moneySchema = z.object({
  amount: amountSchema,
  currencyCode: currencyCodeSchema,
});
export type Money = z.infer<typeof moneySchema>;

export const moneyResponseSchema = z.looseObject({
  amount: responseAmountSchema,
  currencyCode: z.string(),
});
export type MoneyResponse = z.infer<typeof moneyResponseSchema>;

/** Account as sent in a request. Which attributes are mandatory depends on the method and currency. */
export const accountRequestSchema = z.object({
  accountName: opt(z.string().check(z.regex(/^[\p{L}\p{M}\p{N} .'\-]*$/u, 'may contain only letters, numbers and spaces'))),
  accountNumber: opt(z.string()),
  accountType: opt(z.string()),
});
export type AccountRequest = z.infer<typeof accountRequestSchema>;

/** Account as returned. bankBranch, bankCity and bankProvince are deprecated and ignored. */
export const accountResponseSchema = z.looseObject({
  accountName: opt(z.string()),
  accountNumber: opt(z.string()),
  bankCode: opt(z.string()),
  bankName: opt(z.string()),
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;

export const customerNameSchema = z.object({
  lastName: opt(nonEmpty()),
  titleBefore: opt(z.string()),
  firstName: opt(z.string()),
  middleName: opt(z.string()),
  titleAfter: opt(z.string()),
});
export type CustomerName = z.infer<typeof customerNameSchema>;

export const paymentOperatorSchema = z.looseObject({
  code: z.string(),
  name: opt(z.string()),
});
export type PaymentOperator = z.infer<typeof paymentOperatorSchema>;

export const accountCustomerSchema = z.looseObject({
  accountName: opt(z.string()),
  accountNumber: opt(z.string()),
});
export type AccountCustomer = z.infer<typeof accountCustomerSchema>;

/** P2A_V2 and IMPS: the customer's external payment reference (UTR), exactly 12 digits. */
export const EXTERNAL_REFERENCE_PATTERN = /^\d{12}$/;
export const externalReferenceSchema = z.object({
  reference: z.string().check(z.regex(EXTERNAL_REFERENCE_PATTERN, 'must be exactly 12 digits')),
});
export type ExternalReference = z.infer<typeof externalReferenceSchema>;

export const externalReferenceResponseSchema = z.looseObject({ reference: opt(z.string()) });

export const paymentAddressSchema = z.looseObject({
  name: opt(z.string()),
  idAddress: opt(z.string()),
});
export type PaymentAddress = z.infer<typeof paymentAddressSchema>;

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

export const paymentLocationResponseSchema = z.looseObject({
  postalCode: opt(z.string()),
  city: opt(z.string()),
  district: opt(z.string()),
  disctrict: opt(z.string()),
});

/**
 * paymentInstructionList: its item shape is not shown. We read a plain string, or an object with a
 * title and steps (or text); anything else is kept and shown as far as it has text.
 */
export const paymentInstructionSchema = z.union([
  z.string(),
  z.looseObject({
    title: opt(z.string()),
    text: opt(z.string()),
    steps: opt(z.array(z.string())),
  }),
]);
export type PaymentInstruction = z.infer<typeof paymentInstructionSchema>;

/** A timestamp: an ISO 8601 string, or epoch seconds or milliseconds as a number. */
export const timestampSchema = z.union([z.string(), z.number()]);
export type Timestamp = z.infer<typeof timestampSchema>;

/** Milliseconds since the epoch for a platform timestamp, or undefined when it cannot be read. */
export function timestampMs(value: Timestamp | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return value < 1e11 ? value * 1000 : value;
  if (/^\d+$/.test(value)) return timestampMs(Number(value));
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
