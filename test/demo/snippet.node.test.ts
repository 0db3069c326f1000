/** The shop's code panel: the element's markup and the merchant's server code, as text. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { transformSync } from 'esbuild';
import { abbreviateToken, elementMarkup, serverCode, TOKEN_PLACEHOLDER } from '../../demo/lib/snippet.js';
import * as server from '../../src/server/index.js';

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
    const markup = elementMarkup({ token: TOKEN, 'payin-id': 'order-1', amount: '60', 'currency-code': 'INR', 'show-deep-link': 'true' });
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

  it('escapes what would end an attribute value, and shows the placeholder token as it is', () => {
    const markup = elementMarkup({ token: TOKEN_PLACEHOLDER, 'account-name': 'Asha "A&B" <Rao>' });
    assert.match(markup, /^ {2}account-name="Asha &quot;A&amp;B&quot; <Rao>"$/m);
    assert.match(markup, /^ {2}token="<token from your server>"$/m);
  });
});

describe('the server snippet', () => {
  const base = { platformUrl: 'http://127.0.0.1:8787', merchantCode: 'demo-merchant', money: { amount: 60, currencyCode: 'INR' } };

  it('mints an operations token for the checkout scope, with the merchant, the platform and the money', () => {
    const code = serverCode({ ...base, tokenScope: 'checkout' });
    assert.deepEqual(syntaxErrors(code), []);
    assert.match(code, /baseUrl: 'http:\/\/127\.0\.0\.1:8787',/);
    assert.match(code, /merchantCode: 'demo-merchant',/);
    assert.match(code, /issuer\.forCheckout\(idPayin, \{\n {4}merchantInfo: true,\n {4}externalReference: true,\n {4}money: \{ amount: 60, currencyCode: 'INR' \},\n {2}\}\);/);
    assert.doesNotMatch(code, /byAction/);
  });

  it('mints a by-action PAYIN_CREATE token for the by-action scope', () => {
    const code = serverCode({ ...base, money: { amount: 12.5, currencyCode: 'THB' }, tokenScope: 'by-action' });
    assert.deepEqual(syntaxErrors(code), []);
    assert.match(code, /issuer\.byAction\(\{\n {4}action: 'PAYIN_CREATE',\n {4}idPayment: idPayin,\n {4}money: \{ amount: 12\.5, currencyCode: 'THB' \},\n {2}\}\);/);
    assert.doesNotMatch(code, /forCheckout/);
  });

  it("imports and calls only what pay-checkout/server exports, and mounts the relay's two routes", () => {
    const code = serverCode({ ...base, tokenScope: 'checkout' });
    const imported = code.match(/import \{\s*([^}]+?),?\s*\} from 'pay-checkout\/server';/)![1]!.split(/,\s*/);
    assert.deepEqual(imported, ['createStatusRelay', 'createTokenIssuer', 'memoryBus']);
    for (const name of imported) assert.equal(typeof (server as Record<string, unknown>)[name], 'function', name);
    assert.match(code, /app\.post\('\/api\/callbacks', \(c\) =>\n {2}relay\.handleCallback\(c\.req\.raw\)\);/);
    assert.match(code, /relay\.handleEvents\(c\.req\.raw, c\.req\.param\('idPayin'\)\)/);
    const issuer = server.createTokenIssuer({ baseUrl: base.platformUrl, merchantCode: 'm', secret: 's' });
    for (const method of ['forCheckout', 'byAction']) assert.equal(typeof (issuer as Record<string, unknown>)[method], 'function');
  });

  it('keeps its lines short enough for the panel (60 characters) when the values are the usual ones', () => {
    for (const tokenScope of ['checkout', 'by-action'] as const) {
      const long = serverCode({ ...base, tokenScope }).split('\n').filter((line) => line.length > 60);
      assert.deepEqual(long, [], tokenScope);
    }
  });

  it('keeps a typed base URL inside its string, and names a placeholder merchant and money when it has none', () => {
    const code = serverCode({ platformUrl: "https://x.example/it's\\", tokenScope: 'checkout' });
    assert.deepEqual(syntaxErrors(code), []);
    assert.match(code, /baseUrl: 'https:\/\/x\.example\/it\\'s\\\\',/);
    assert.match(code, /merchantCode: 'your-merchant-code',/);
    assert.match(code, /money: \{ amount: order\.amount, currencyCode: order\.currencyCode \},/);
  });
});
