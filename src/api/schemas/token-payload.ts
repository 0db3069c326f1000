import * as z from 'zod/mini';
import { opt } from '../zod.js';

/** What we read from a token's payload. Unknown claims are kept. */
export const tokenPayloadSchema = z.looseObject({
  merchantCode: opt(z.string()),
  operations: opt(z.array(z.string())),
  action: opt(z.string()),
  idPayment: opt(z.string()),
  money: opt(z.looseObject({ amount: z.number(), currencyCode: z.string() })),
  exp: opt(z.number()),
  iat: opt(z.number()),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;
