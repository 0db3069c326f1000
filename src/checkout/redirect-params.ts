/**
 * The hosted payment page's query parameters, as <pay-checkout> attributes, so a page can act as
 * the hosted payment web application: `readRedirectParams(location.search)`.
 */
import type { ComplexAttributeConverter } from 'lit';

/** `"true"` / `"false"` attributes, as the redirect parameters have them; anything but "false" is true. */
export const booleanString = (fallback: boolean): ComplexAttributeConverter<boolean> => ({
  fromAttribute: (value) => (value === null ? fallback : value.trim().toLowerCase() !== 'false'),
  toAttribute: (value) => String(value),
});

/** Redirect parameter → attribute. The document's parameters, then the page's own. */
export const REDIRECT_PARAMS = {
  paymentMethodCode: 'payment-method-code',
  paymentOperatorCode: 'payment-operator-code',
  optionsAvailable: 'options-available',
  accountName: 'account-name',
  accountNumber: 'account-number',
  emailAddress: 'email-address',
  phoneNumber: 'phone-number',
  allowCustomerDataChange: 'allow-customer-data-change',
  externalProviderCode: 'external-provider-code',
  postalCode: 'postal-code',
  city: 'city',
  disctrict: 'disctrict',
  district: 'district',
  passportNumber: 'passport-number',
  showDeepLink: 'show-deep-link',
  upiId: 'upi-id',
  idCustomer: 'id-customer',
  productId: 'product-id',
  // Not redirect parameters of the document, but what a hosted page needs to run at all.
  token: 'token',
  baseUrl: 'base-url',
  idPayin: 'payin-id',
  amount: 'amount',
  currencyCode: 'currency-code',
  returnUrl: 'return-url',
  locale: 'locale',
} as const;

export type RedirectAttribute = (typeof REDIRECT_PARAMS)[keyof typeof REDIRECT_PARAMS];

/**
 * Reads a URL, a query string or URLSearchParams into attribute names and values. Unknown
 * parameters are ignored; `callbackUrl` is deliberately not read, so a customer cannot redirect the
 * merchant's notifications by editing the address bar.
 */
export function readRedirectParams(
  input: string | URL | URLSearchParams | { search: string },
): Partial<Record<RedirectAttribute, string>> {
  let params: URLSearchParams;
  if (input instanceof URLSearchParams) params = input;
  else if (input instanceof URL) params = input.searchParams;
  else if (typeof input === 'object') params = new URLSearchParams(input.search);
  else if (/^[a-z][a-z0-9+.-]*:/i.test(input)) params = new URL(input).searchParams;
  else params = new URLSearchParams(input.includes('?') ? input.slice(input.indexOf('?') + 1) : input);

  const attributes: Partial<Record<RedirectAttribute, string>> = {};
  for (const [param, attribute] of Object.entries(REDIRECT_PARAMS)) {
    const value = params.get(param);
    if (value !== null) attributes[attribute] = value;
  }
  return attributes;
}

/** Sets the attributes read by readRedirectParams on an element. */
export function applyRedirectParams(element: Element, attributes: Partial<Record<RedirectAttribute, string>>): void {
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
}
