/**
 * The shop's code panel: the element's markup as it is configured on the page right now, and the
 * merchant's server code that mints its token and relays its status, with this configuration's
 * values. Plain functions from configuration to text, so a test can read them without a page.
 */
import type { Money } from 'pay-checkout';

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

/** The `<script>` and `<pay-checkout>` tags, one attribute a line, in the order given; the token abbreviated. */
export function elementMarkup(attributes: Attributes): string {
  const lines = Object.entries(attributes).map(([name, value]) => `  ${name}="${escapeAttribute(name === 'token' && value !== TOKEN_PLACEHOLDER ? abbreviateToken(value) : value)}"`);
  return [`<script type="module" src="${ELEMENT_SCRIPT}"></script>`, '<pay-checkout', ...lines, '></pay-checkout>'].join('\n');
}

export interface ServerSnippetOptions {
  /** The platform's base URL. */
  platformUrl: string;
  /** The merchant's code, when the page knows it (from the token). */
  merchantCode?: string;
  /** `checkout`: an operations token (merchant name, UTR step); `by-action`: PAYIN_CREATE. */
  tokenScope: 'checkout' | 'by-action';
  /** The order's money, as the token carries it. */
  money?: Money;
}

/** A JavaScript string literal in single quotes. */
const literal = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;

const moneyLiteral = (money: Money) => `{ amount: ${JSON.stringify(money.amount)}, currencyCode: ${literal(money.currencyCode)} }`;

/**
 * The merchant's server, as this checkout needs it: the token issuer of `pay-checkout/server` with
 * the platform and merchant of the page, the route that mints a token for one order (the scope and
 * money chosen), and the status relay's two routes, in Hono's terms (the README shows Express and
 * Next.js).
 */
export function serverCode(options: ServerSnippetOptions): string {
  // Lines of 60 characters at most: the panel shows them without scrolling sideways.
  const money = options.money ? moneyLiteral(options.money) : '{ amount: order.amount, currencyCode: order.currencyCode }';
  const mint =
    options.tokenScope === 'by-action'
      ? [
          `  // The smallest token: create this payin, nothing else.`,
          `  const token = await issuer.byAction({`,
          `    action: 'PAYIN_CREATE',`,
          `    idPayment: idPayin,`,
          `    money: ${money},`,
          `  });`,
        ]
      : [
          `  // This payin, your name in the checkout, the UTR step.`,
          `  const token = await issuer.forCheckout(idPayin, {`,
          `    merchantInfo: true,`,
          `    externalReference: true,`,
          `    money: ${money},`,
          `  });`,
        ];
  return [
    `import { randomUUID } from 'node:crypto';`,
    `import {`,
    `  createStatusRelay, createTokenIssuer, memoryBus,`,
    `} from 'pay-checkout/server';`,
    ``,
    `const issuer = createTokenIssuer({`,
    `  baseUrl: ${literal(options.platformUrl)},`,
    `  merchantCode: ${literal(options.merchantCode ?? 'your-merchant-code')},`,
    `  // PKCS#8 PEM: it never leaves the server.`,
    `  privateKey: process.env.PAY_PRIVATE_KEY,`,
    `});`,
    ``,
    `// A fresh idPayin for each order, and a token for it alone.`,
    `app.post('/api/checkouts', async (c) => {`,
    `  const idPayin = \`order-\${randomUUID()}\`;`,
    ...mint,
    `  return c.json({ idPayin, token });`,
    `});`,
    ``,
    `// Callbacks in; each payin's stream out (its status-url).`,
    `const relay = createStatusRelay({`,
    `  bus: memoryBus(), // redisBus({ url }) across instances`,
    `  // Read the payin: GET /payins/{idPayin}.`,
    `  onChange: (idPayin) => orders.refresh(idPayin),`,
    `});`,
    `app.post('/api/callbacks', (c) =>`,
    `  relay.handleCallback(c.req.raw));`,
    `app.get('/api/payins/:idPayin/events', (c) =>`,
    `  relay.handleEvents(c.req.raw, c.req.param('idPayin')));`,
  ].join('\n');
}
