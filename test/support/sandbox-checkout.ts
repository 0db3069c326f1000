/**
 * A checkout against the sandbox emulator, as a shopper meets it: the element mounted for a fresh
 * payin with one method fixed, and the method's form filled with valid samples.
 */
import { fieldRulesFor, isRequired, type MethodField } from '../../src/api/index.js';
import type { PayCheckout } from '../../src/pay-checkout.js';
import { mintToken, sandboxUrl, uniqueId } from './browser-sandbox.js';
import { $, mount, type, untilState } from './element.js';
import { sampleValue, setField } from './samples.js';

/** The mandatory fields of a code in a currency, as the form shows them (the operator is a select). */
export function mandatory(code: string, currencyCode: string): MethodField[] {
  return fieldRulesFor(code, currencyCode)
    .filter((rule) => isRequired(rule, currencyCode) && rule.field !== 'externalReference.reference')
    .map((rule) => rule.field);
}

/** Mounts <pay-checkout> for a fresh payin with `code` fixed, at its form. */
export async function openSandboxCheckout(
  code: string,
  currencyCode: string,
  amount = 100,
  attributes: Record<string, string> = {},
  tokenOptions: Parameters<typeof mintToken>[1] = { externalReference: code === 'P2A_V2' },
) {
  const idPayin = uniqueId(code.toLowerCase());
  const token = await mintToken(idPayin, tokenOptions);
  const mounted = await mount({
    token,
    'base-url': await sandboxUrl(),
    'payin-id': idPayin,
    amount: String(amount),
    'currency-code': currencyCode,
    'payment-method-code': code,
    'options-available': 'false',
    ...attributes,
  });
  await untilState(mounted.element, 'select');
  return { ...mounted, idPayin };
}

/** Fills every mandatory field with a valid value, and picks the first operator when there is a choice. */
export function fill(element: PayCheckout, code: string, currencyCode: string) {
  const method: Record<string, unknown> = { paymentMethodCode: code };
  for (const field of mandatory(code, currencyCode)) {
    if (field === 'paymentOperatorCode') continue;
    const value = sampleValue(field, code, currencyCode);
    type(element, field, value);
    setField(method, field, field === 'phoneNumber' ? value.replace(/\s/g, '') : value);
  }
  const operators = $<HTMLSelectElement>(element, '#f-operator');
  if (operators && operators.options.length > 1 && mandatory(code, currencyCode).includes('paymentOperatorCode')) {
    operators.value = operators.options[1]!.value;
    operators.dispatchEvent(new Event('change'));
    method.paymentOperatorCode = operators.value;
  }
  return method;
}
