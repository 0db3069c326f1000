/** The shop's code panel: the element's markup and the merchant's server code, as text. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { transformSync } from 'esbuild';
import { abbreviateToken, elementMarkup, serverCode, TOKEN_PLACEHOLDER } from '../../demo/lib/snippet.js';
import * as server from '../../src/server/index.js';
import { demoPrivateKey } from '../support/sandbox-node.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJtZXJjaGFudENvZGUiOiJkZW1vLW1lcmNoYW50In0.c2lnbmF0dXJlLXRoYXQtaXMtbG9uZw';

/** Syntax errors of TypeScript source (no type check: the snippet names the merchant's own app and orders). */
function syntaxErrors(source: string): string[] {
  try {
    transformSync(source, { loader: 'ts', format: 'esm' });
    return [];
  } catch (error) {
    return ((error as { errors?: { text: string }[] }).errors ?? [{ text: String(error) }]).map((e) => e.text);
  }
}

describe('the markup snippet', () => {
  it('shortens a token to its first ten and last six characters, and leaves a short text as it is', () => {
    assert.equal(abbreviateToken(TOKEN), `${TOKEN.slice(0, 10)}…${TOKEN.slice(-6)}`);
    assert.equal(abbreviateToken('not-a-jwt'), 'not-a-jwt');
  });

  it('writes the script tag and the element, one attribute a line in the given order, the token shortened', () => {
    const markup = elementMarkup({
      token: TOKEN,
      'payin-id': 'order-1',
      amount: '60',
      'currency-code': 'INR',
      'show-deep-link': 'true',
    });
    assert.equal(
      markup,
      [
        '<script type="module" src="/dist/pay-checkout.js"></script>',
        '<pay-checkout',
        `  token="${abbreviateToken(TOKEN)}"`,
        '  payin-id="order-1"',
        '  amount="60"',
        '  currency-code="INR"',
        '  show-deep-link="true"',
        '></pay-checkout>',
      ].join('\n'),
    );
    assert.ok(!markup.includes(TOKEN));
  });

  it("shortens the checkout's handle in a status URL as it shortens a token: it renews the payin's token", () => {
    const handle = 'eyJ2IjoxLCJpZFBheWluIjoib3JkZXItMSJ9.c2lnbmF0dXJlLW9mLXRoZS1oYW5kbGUtdGhhdC1pcy1sb25n';
    const markup = elementMarkup({ 'status-url': `/api/payins/order-1/events?handle=${handle}` });
    assert.match(
      markup,
      new RegExp(
        `^ {2}status-url="/api/payins/order-1/events\\?handle=${abbreviateToken(handle).replace('.', '\\.')}"$`,
        'm',
      ),
    );
    assert.ok(!markup.includes(handle));
  });

  it('escapes what would end an attribute value, and shows the placeholder token as it is', () => {
    const markup = elementMarkup({ token: TOKEN_PLACEHOLDER, 'account-name': 'Asha "A&B" <Rao>' });
    assert.match(markup, /^ {2}account-name="Asha &quot;A&amp;B&quot; <Rao>"$/m);
    assert.match(markup, /^ {2}token="<token from your server>"$/m);
  });
});

describe('the server snippet', () => {
  const base = {
    platformUrl: 'http://127.0.0.1:8787',
    merchantCode: 'demo-merchant',
    money: { amount: 60, currencyCode: 'INR' },
    cart: { preset: 'success', currencyCode: 'INR' },
    callbackUrl: 'http://127.0.0.1:5173/api/callbacks',
    merchantName: 'Demo Shop',
  };

  it('is the merchant kit with the platform, the merchant, the callback URL and the name, mounted under /api', () => {
    const code = serverCode({ ...base, tokenScope: 'checkout' });
    assert.deepEqual(syntaxErrors(code), []);
    assert.match(
      code,
      /const checkout = createCheckoutBackend\(\{\n {2}platformUrl: 'http:\/\/127\.0\.0\.1:8787',\n {2}merchantCode: 'demo-merchant',/,
    );
    assert.match(code, /^ {2}prefix: '\/api',$/m);
    assert.match(code, /^ {2}callbackUrl: 'http:\/\/127\.0\.0\.1:5173\/api\/callbacks',$/m);
    assert.match(code, /^ {2}merchantName: 'Demo Shop',$/m);
    assert.match(code, /^app\.all\('\/api\/\*', \(c\) => checkout\.fetch\(c\.req\.raw\)\);$/m);
  });

  it('prices the order on the server, and says what this cart costs', () => {
    const code = serverCode({ ...base, tokenScope: 'checkout' });
    assert.match(
      code,
      /\/\/ This page's cart: success in INR\.\n {2}order: \(request\) => \(\{\n {4}idPayin: `order-\$\{randomUUID\(\)\}`,\n {4}money: priceOf\(new URL\(request\.url\)\),\n {4}\/\/ {2}= \{ amount: 60, currencyCode: 'INR' \}\n/,
    );
    assert.doesNotMatch(code, /tokenScope/, "the kit's default token");
  });

  it('asks for the by-action PAYIN_CREATE token in the order for the by-action scope', () => {
    const code = serverCode({
      ...base,
      money: { amount: 12.5, currencyCode: 'THB' },
      tokenScope: 'by-action',
    });
    assert.deepEqual(syntaxErrors(code), []);
    assert.match(
      code,
      /\/\/ {2}= \{ amount: 12\.5, currencyCode: 'THB' \}\n {4}\/\/ The smallest token: create this payin alone\.\n {4}tokenScope: 'by-action',\n {2}\}\),/,
    );
  });

  it('imports and calls only what pay-checkout/server exports, with options the kit accepts', async () => {
    const code = serverCode({ ...base, tokenScope: 'by-action' });
    const imported = code.match(/import \{\s*([^}]+?),?\s*\} from 'pay-checkout\/server';/)![1]!.split(/,\s*/);
    assert.deepEqual(imported, ['createCheckoutBackend']);
    assert.equal(typeof server.createCheckoutBackend, 'function');
    // The options object as written, evaluated with the merchant's own names stood in for: the kit takes it.
    const options = code.slice(
      code.indexOf('createCheckoutBackend({') + 'createCheckoutBackend('.length,
      code.indexOf('\n});') + 2,
    );
    const evaluate = new Function(
      'randomUUID',
      'priceOf',
      'orders',
      'process',
      `return (${transformSync(`(${options})`, { loader: 'ts' }).code.trim().replace(/;$/, '')});`,
    );
    const written = evaluate(
      () => 'uuid',
      () => base.money,
      { update: () => undefined },
      { env: { PAY_PRIVATE_KEY: demoPrivateKey } },
    ) as server.CheckoutBackendOptions;
    const backend = server.createCheckoutBackend(written);
    await backend.close();
    assert.deepEqual(await written.order(new Request('http://shop/api/checkouts?preset=success&currency=INR')), {
      idPayin: 'order-uuid',
      money: base.money,
      tokenScope: 'by-action',
    });
  });

  it('keeps its lines short enough for the panel (60 characters) when the values are the usual ones', () => {
    for (const tokenScope of ['checkout', 'by-action'] as const) {
      const long = serverCode({
        ...base,
        cart: { preset: 'differentAmountSuccess', currencyCode: 'INR' },
        tokenScope,
      })
        .split('\n')
        .filter((line) => line.length > 60);
      assert.deepEqual(long, [], tokenScope);
    }
  });

  it('keeps a typed base URL inside its string, and names a placeholder merchant, callback URL and money when it has none', () => {
    const code = serverCode({ platformUrl: "https://x.example/it's\\", tokenScope: 'checkout' });
    assert.deepEqual(syntaxErrors(code), []);
    assert.match(code, /platformUrl: 'https:\/\/x\.example\/it\\'s\\\\',/);
    assert.match(code, /merchantCode: 'your-merchant-code',/);
    assert.match(code, /callbackUrl: 'https:\/\/shop\.example\/api\/callbacks',/);
    assert.match(code, /\/\/ {2}= \{ amount, currencyCode \}/);
    assert.doesNotMatch(code, /merchantName|This page's cart/);
  });
});
