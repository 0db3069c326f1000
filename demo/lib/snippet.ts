/**
 * The shop's code panel: the element's markup as it is configured on the page right now, and the
 * merchant's server code behind it (the merchant kit, `createCheckoutBackend`), with this
 * configuration's values. Plain functions from configuration to text, so a test can read them without a page.
 */
import type { Money } from 'pay-checkout';
import { API_PREFIX, type Cart } from './cart.js';

export type Attributes = Record<string, string>;

/** Where the built element is served in this demo (the script-tag page loads the same file). */
export const ELEMENT_SCRIPT = '/dist/pay-checkout.js';

/** Stands for a token in markup that shows no real one. */
export const TOKEN_PLACEHOLDER = '<token from your server>';

/**
 * A token shortened for display: its first ten and last six characters. Enough to tell two tokens
 * apart, too little to use one: a token copied out of a page pays for that order.
 */
export function abbreviateToken(token: string): string {
  return token.length <= 24 ? token : `${token.slice(0, 10)}…${token.slice(-6)}`;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * What the markup shows of an attribute's value: a token abbreviated, and so the checkout's handle
 * in a status URL (it renews the payin's token: as good as one).
 */
function shown(name: string, value: string): string {
  if (name === 'token' && value !== TOKEN_PLACEHOLDER) return abbreviateToken(value);
  if (name === 'status-url')
    return value.replace(/([?&]handle=)([^&]+)/, (_, key: string, handle: string) => key + abbreviateToken(handle));
  return value;
}

/** The `<script>` and `<pay-checkout>` tags, one attribute a line, in the order given; the token and the handle abbreviated. */
export function elementMarkup(attributes: Attributes): string {
  const lines = Object.entries(attributes).map(([name, value]) => `  ${name}="${escapeAttribute(shown(name, value))}"`);
  return [
    `<script type="module" src="${ELEMENT_SCRIPT}"></script>`,
    '<pay-checkout',
    ...lines,
    '></pay-checkout>',
  ].join('\n');
}

export interface ServerSnippetOptions {
  /** The platform's base URL. */
  platformUrl: string;
  /** The merchant's code, when the page knows it (from the token). */
  merchantCode?: string;
  /** `checkout` (the kit's default): an operations token (merchant name, UTR step); `by-action`: PAYIN_CREATE. */
  tokenScope: 'checkout' | 'by-action';
  /** The order's money, as the server priced it. */
  money?: Money;
  /** The cart of the page (in the checkout URL's query). */
  cart?: Cart;
  /** Where the platform calls the shop back. */
  callbackUrl?: string;
  /** The shop's name, when it gives one with each checkout. */
  merchantName?: string;
}

/** A JavaScript string literal in single quotes. */
const literal = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;

const moneyLiteral = (money: Money) =>
  `{ amount: ${JSON.stringify(money.amount)}, currencyCode: ${literal(money.currencyCode)} }`;

/** Where the demo mounts the kit, and so what its routes start with. */
const PREFIX = API_PREFIX;

/**
 * The merchant's whole server side of this checkout: `createCheckoutBackend` of
 * `pay-checkout/server` with the platform and merchant of the page, the order hook that prices the
 * cart on the server (this page's cart and what it costs), the hook where the shop fulfils the
 * order, and the one route that mounts it all, in Hono's terms (the README shows Express and
 * Next.js too).
 */
export function serverCode(options: ServerSnippetOptions): string {
  // Lines of 60 characters at most: the panel shows them without scrolling sideways.
  return [
    `import { randomUUID } from 'node:crypto';`,
    `import { createCheckoutBackend } from 'pay-checkout/server';`,
    ``,
    `const checkout = createCheckoutBackend({`,
    `  platformUrl: ${literal(options.platformUrl)},`,
    `  merchantCode: ${literal(options.merchantCode ?? 'your-merchant-code')},`,
    `  // PKCS#8 PEM: it never leaves the server.`,
    `  privateKey: process.env.PAY_PRIVATE_KEY!,`,
    `  prefix: '${PREFIX}',`,
    `  // This server's ${PREFIX}/callbacks, as the platform sees it.`,
    `  callbackUrl: ${literal(options.callbackUrl ?? `https://shop.example${PREFIX}/callbacks`)},`,
    ...(options.merchantName ? [`  merchantName: ${literal(options.merchantName)},`] : []),
    `  // Your server prices the cart, never the browser.`,
    ...(options.cart ? [`  // This page's cart: ${options.cart.preset} in ${options.cart.currencyCode}.`] : []),
    `  order: (request) => ({`,
    `    idPayin: \`order-\${randomUUID()}\`,`,
    `    money: priceOf(new URL(request.url)),`,
    `    //  = ${options.money ? moneyLiteral(options.money) : '{ amount, currencyCode }'}`,
    ...(options.tokenScope === 'by-action'
      ? [`    // The smallest token: create this payin alone.`, `    tokenScope: 'by-action',`]
      : []),
    `  }),`,
    `  // Each payment read after a callback, once per change.`,
    `  onPaymentUpdate: ({ id, payment }) =>`,
    `    orders.update(id, payment.status),`,
    `});`,
    ``,
    `// Checkouts and renewals, callbacks, status streams.`,
    `app.all('${PREFIX}/*', (c) => checkout.fetch(c.req.raw));`,
  ].join('\n');
}
