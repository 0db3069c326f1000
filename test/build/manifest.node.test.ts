/**
 * custom-elements.json as `npm run build` writes it from the JSDoc of PayCheckout and its Lit
 * properties: every public name merchants bind to (docs/reference.md, docs/element.md) must be in it,
 * for editors and tools to offer.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';
import type { PayEventName } from '../../src/events/index.js';

interface Named {
  name: string;
  description?: string;
}
interface Attribute extends Named {
  fieldName?: string;
}
interface Event extends Named {
  type?: { text: string };
}
interface ElementDeclaration extends Named {
  tagName: string;
  customElement: true;
  attributes: Attribute[];
  events: Event[];
  cssParts: Named[];
  cssProperties: Named[];
  members: (Named & { kind: string })[];
}
interface Manifest {
  modules: { path: string; declarations: ElementDeclaration[]; exports: { kind: string; name: string }[] }[];
}

const ATTRIBUTES = [
  'token',
  'base-url',
  'payin-id',
  'amount',
  'currency-code',
  'payment-method-code',
  'payment-operator-code',
  'options-available',
  'account-name',
  'account-number',
  'email-address',
  'phone-number',
  'allow-customer-data-change',
  'external-provider-code',
  'postal-code',
  'city',
  'disctrict',
  'district',
  'passport-number',
  'upi-id',
  'id-customer',
  'product-id',
  'show-deep-link',
  'return-url',
  'callback-url',
  'api-version',
  'locale',
  'state',
  'submit-button',
  // Where the checkout comes from (docs/element.md).
  'checkout-url',
];
const PARTS = [
  'method-list',
  'method',
  'form',
  'field',
  'submit',
  'amount',
  'qr',
  'instructions',
  'status',
  'error',
  'merchant-name',
];
/** The detail type of each event, as src/events names it (the compiler checks every event is here). */
const DETAIL_TYPES = {
  'pay-ready': 'PayReadyDetail',
  'pay-method-change': 'PayMethodChangeDetail',
  'pay-change': 'PayChangeDetail',
  'pay-created': 'PayCreatedDetail',
  'pay-status': 'PayStatusDetail',
  'pay-success': 'PayFinalDetail',
  'pay-failed': 'PayFinalDetail',
  'pay-refused': 'PayFinalDetail',
  'pay-expired': 'PayExpiredDetail',
  'pay-error': 'PayErrorDetail',
  'pay-token-expiring': 'PayTokenExpiringDetail',
} satisfies Record<PayEventName, string>;

const camelCase = (attribute: string) => attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

describe('custom-elements.json', () => {
  const root = new URL('../../', import.meta.url);
  let manifest: Manifest;
  let element: ElementDeclaration;
  before(async () => {
    await ensureBuilt();
    manifest = JSON.parse(readFileSync(new URL('custom-elements.json', root), 'utf8'));
    element = manifest.modules
      .flatMap((module) => module.declarations)
      .find((declaration) => declaration.tagName === 'pay-checkout')!;
  });

  it('is the one package.json names, ships with the package, and describes dist/pay-checkout.js', () => {
    const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
    assert.equal(pkg.customElements, 'custom-elements.json');
    assert.ok(pkg.files.includes('custom-elements.json'));
    assert.deepEqual(
      manifest.modules.map((module) => module.path),
      ['dist/pay-checkout.js'],
    );
    assert.deepEqual(
      manifest.modules[0]!.exports.map((e) => `${e.kind} ${e.name}`),
      ['js PayCheckout', 'custom-element-definition pay-checkout'],
    );
    assert.ok(element?.customElement);
  });

  it('lists every public attribute, each with its camelCase property', () => {
    const attributes = new Map(element.attributes.map((attribute) => [attribute.name, attribute]));
    for (const name of ATTRIBUTES) {
      assert.ok(attributes.has(name), `attribute ${name}`);
      assert.equal(attributes.get(name)!.fieldName, camelCase(name), `property of ${name}`);
    }
  });

  it('lists every event with a description and its detail type, and no other', () => {
    assert.deepEqual(
      element.events.map((event) => [event.name, event.type?.text]),
      Object.entries(DETAIL_TYPES).map(([name, detail]) => [name, `CustomEvent<${detail}>`]),
    );
    for (const event of element.events) assert.ok(event.description, `${event.name} is described`);
  });

  it('lists every public ::part and the --pay- custom properties, each described', () => {
    const parts = element.cssParts.map((part) => part.name);
    for (const part of PARTS) assert.ok(parts.includes(part), `part ${part}`);
    for (const property of element.cssProperties) {
      assert.match(property.name, /^--pay-/);
      assert.ok(property.description, `${property.name} is described`);
    }
    for (const kind of ['color', 'font', 'radius', 'spacing']) {
      assert.ok(
        element.cssProperties.some((property) => property.name.includes(kind)),
        `a --pay-…${kind}… property`,
      );
    }
    for (const part of element.cssParts) assert.ok(part.description, `part ${part.name} is described`);
  });

  it('leaves out the element’s internal @state fields', () => {
    const members = element.members.map((member) => member.name);
    // options is public (the merchant's own options answer, a property without attribute: docs/element.md).
    assert.ok(members.includes('token') && members.includes('state') && members.includes('options'));
    // fetchCheckout too (a property without attribute: docs/element.md).
    assert.ok(members.includes('fetchCheckout'));
    // The page's own pay button (docs/element.md): methods as on a form.
    for (const method of ['submit', 'checkValidity', 'reportValidity']) {
      assert.equal(element.members.find((member) => member.name === method)?.kind, 'method', `${method}() is listed`);
    }
    for (const internal of ['announcement', 'session', 'payin', 'values', 'fieldErrors'])
      assert.ok(!members.includes(internal), `${internal} is internal`);
  });
});
