/** The payin requests: creation (with the method field rules) and the external reference. */
import * as z from 'zod/mini';
import { opt } from '../zod.js';
import { checkPaymentMethod } from '../method-rules.js';
import { ID_PATTERN, ID_RULE } from '../patterns.js';
import { externalReferenceSchema, moneySchema } from './request-common.js';

/** Identifiers in paths (idPayin, idTopUp, idPayout, idPayment). */
export const idSchema = z.string().check(z.regex(ID_PATTERN, ID_RULE));

/** The options request: z.infer of it is AvailableOptionsRequest in options.ts. */
export const availableOptionsRequestSchema = z.object({ money: moneySchema });
import { payinMethodSchema } from './methods.js';

/**
 * POST /payins/{idPayin}. The method field rules depend on the currency of the money, so they are a
 * refinement over the whole request; each problem is reported at `paymentMethod.<field>`.
 */
export const payinCreateRequestSchema = z
  .object({
    paymentRequested: z.object({ money: moneySchema }),
    paymentMethod: payinMethodSchema,
    callbackUrl: opt(z.url({ protocol: /^https?$/ })),
    returnUrl: opt(z.url({ protocol: /^https?$/ })),
  })
  .check(
    z.superRefine((request, ctx) => {
      for (const issue of checkPaymentMethod(request.paymentMethod, request.paymentRequested.money.currencyCode)) {
        ctx.addIssue({
          code: 'custom',
          message: issue.message,
          path: ['paymentMethod', ...issue.field.split('.')],
          input: request.paymentMethod,
        });
      }
    }),
  );
export type PayinCreateRequest = z.infer<typeof payinCreateRequestSchema>;

/** Request of the external-reference endpoint (setExternalReference; path chosen, see docs). */
export const setExternalReferenceRequestSchema = z.object({ externalReference: externalReferenceSchema });
export type SetExternalReferenceRequest = z.infer<typeof setExternalReferenceRequestSchema>;
