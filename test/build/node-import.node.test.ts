/**
 * The package as Node sees it: its entries imported by name, as a merchant's server would
 * (`pay-checkout` resolves to this package through its own "exports"). dist/ is built first when
 * it is missing or stale.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';
import { exportsOf, importsOf } from '../../scripts/bundle-sizes.js';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  exports: Record<string, string | Record<string, string>>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

/** By name, not typed: the types under dist/ do not exist before the build, and tsc runs first. */
const importPackage = (specifier: string) => import(specifier);

describe('the package in Node (no DOM)', () => {
  before(ensureBuilt);

  it('every file the exports map names exists', () => {
    const targets = Object.values(pkg.exports).flatMap((entry) =>
      typeof entry === 'string' ? [entry] : Object.values(entry),
    );
    assert.ok(targets.length >= 12);
    for (const target of targets) assert.ok(existsSync(new URL(target, root)), `${target} exists`);
  });

  it('`pay-checkout` imports without a DOM and registers the element with lit’s server registry', async () => {
    assert.equal(typeof (globalThis as { HTMLElement?: unknown }).HTMLElement, 'undefined', 'no DOM in this process');
    const entry = await importPackage('pay-checkout');
    assert.equal(typeof entry.PayCheckout, 'function');
    assert.equal(customElements.get('pay-checkout'), entry.PayCheckout);
    // The browser build may export more: internal bindings its lazy chunks import from it.
    const browserExports = exportsOf('pay-checkout.js', readFileSync(new URL('dist/pay-checkout.js', root), 'utf8'));
    for (const name of ['PayCheckout', 'readRedirectParams'])
      assert.ok(name in entry && browserExports.includes(name), `both builds export ${name}`);
    assert.deepEqual(
      Object.keys(entry).filter((name) => !browserExports.includes(name)),
      [],
      'the browser build exports all the Node build does',
    );
    assert.deepEqual(entry.readRedirectParams('?paymentMethodCode=UPIQR&optionsAvailable=false'), {
      'payment-method-code': 'UPIQR',
      'options-available': 'false',
    });
  });

  it('`pay-checkout/server` exports the token helper and imports neither lit nor the element', async () => {
    const server = await importPackage('pay-checkout/server');
    assert.equal(typeof server.createTokenIssuer, 'function');
    assert.equal(typeof server.signBody, 'function');
    const imports = importsOf('server.js', readFileSync(new URL('dist/server.js', root), 'utf8'));
    assert.deepEqual(
      imports.static.filter((specifier) => !/^zod(\/|$)/.test(specifier)),
      [],
      'server.js imports only zod',
    );
    // node-redis only when a redisBus is used, OpenTelemetry's API at the first request, each only
    // if the merchant installed it.
    assert.deepEqual(
      [...imports.dynamic].sort(),
      ['@opentelemetry/api', '@redis/client'],
      'server.js loads nothing else on demand',
    );
    assert.equal(pkg.peerDependenciesMeta['@redis/client']?.optional, true, '@redis/client is an optional peer');
    assert.equal(
      pkg.peerDependenciesMeta['@opentelemetry/api']?.optional,
      true,
      '@opentelemetry/api is an optional peer',
    );
  });

  it('`pay-checkout/react` imports react, @lit/react and the element entry, and renders on a server', async () => {
    const imports = importsOf('react.js', readFileSync(new URL('dist/react.js', root), 'utf8'));
    assert.deepEqual(imports.static.sort(), ['@lit/react', 'pay-checkout', 'react']);
    assert.ok(pkg.dependencies['@lit/react'] && pkg.peerDependencies.react, '@lit/react is a dependency, react a peer');
    const { PayCheckout } = await importPackage('pay-checkout/react');
    const html = renderToString(createElement(PayCheckout, { id: 'checkout', className: 'shop' }));
    assert.match(html, /^<pay-checkout\b[^>]*\bid="checkout"[^>]*><\/pay-checkout>$/);
    assert.match(html, /class="shop"/);
  });
});
