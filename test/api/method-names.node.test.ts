/**
 * The method names a shop reads from `pay-checkout/server` (METHOD_NAMES) are the names the element
 * shows in English: the two tables are kept apart for the browser's bytes (src/api/method-names.ts
 * says why), and must never drift.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { METHOD_NAMES } from '../../src/server/index.js';
import { enCheckout } from '../../src/i18n/translations/en-checkout.js';

describe('METHOD_NAMES', () => {
  it("is the element's English methodNames, name for name", () => {
    assert.deepEqual(METHOD_NAMES, enCheckout.methodNames);
  });
});
