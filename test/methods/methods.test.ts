/**
 * Every row of the method table, against the sandbox emulator, through the element: the form's
 * rules (a missing mandatory field is an inline error and nothing is sent), the request body,
 * the method's own view of the emulator's response, and a payment that completes.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { PAYIN_METHOD_TABLE, TABLE_PAYIN_METHOD_CODES } from '../../src/api/index.js';
import { loadOtherViews } from '../../src/methods/builtin.js';
import { methodFor, registeredCodes } from '../../src/methods/registry.js';
import { genericMethod } from '../../src/methods/generic.js';
import type { PayCheckout } from '../../src/pay-checkout.js';
import { untilState, untilEvent, $, $$, type, submit, fastPolling, normalPolling } from '../support/element.js';
import { recordFetch } from '../support/browser-sandbox.js';
import { fill, mandatory, openSandboxCheckout as open } from '../support/sandbox-checkout.js';

const text = (element: PayCheckout) => element.shadowRoot!.textContent!.replace(/\s+/g, ' ');
const copyValues = (element: PayCheckout) => $$(element, '.copy-value').map((node) => node.textContent!.trim());

describe('every payment method, against the sandbox emulator', () => {
  before(fastPolling);
  after(normalPolling);

  it("every code of the method table has a module of its own: the QR family's at once, the others' with their chunk", async () => {
    // The first test of this page: nothing has asked for the other methods' views yet.
    for (const code of ['UPIQR', 'QRISPAY', 'PIXQR']) expect(methodFor(code), code).to.exist;
    for (const code of ['OFFLINE', 'ONLINE', 'UPICOLLECT', 'NEW_WALLET'])
      expect(methodFor(code), code).to.equal(undefined);
    await loadOtherViews();
    for (const code of TABLE_PAYIN_METHOD_CODES) {
      expect(registeredCodes(), code).to.include(code);
      expect(methodFor(code), code).not.to.equal(genericMethod);
    }
    expect(methodFor('NEW_WALLET'), 'a code without a view of its own').to.equal(genericMethod);
  });

  describe('form rules, for every code and currency of the table', () => {
    for (const row of PAYIN_METHOD_TABLE) {
      for (const currencyCode of row.currencies) {
        it(`${row.listedAs} (${row.code}) in ${currencyCode}: each mandatory field missing is an inline error and nothing is sent`, async () => {
          const recorder = recordFetch();
          try {
            const { element, idPayin } = await open(row.code, currencyCode);
            const required = mandatory(row.code, currencyCode);
            await submit(element);
            await element.updateComplete;
            if (required.length === 0) return; // nothing to miss: the payment is created (covered below)
            for (const field of required) {
              const input = $(element, `[data-field="${field}"]`);
              expect(input, `${field} shown`).to.exist;
              expect(input!.getAttribute('aria-invalid'), `${field} invalid`).to.equal('true');
            }
            expect($(element, '.form-error')!.getAttribute('role')).to.equal('alert');
            expect(
              recorder.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/payins/${idPayin}`)),
            ).to.have.length(0);
            element.remove();
          } finally {
            recorder.restore();
          }
        });
      }
    }
  });

  /** What each family's view must show of the emulator's response. */
  const views: Record<string, (element: PayCheckout, response: Record<string, any>) => void> = {
    qr: (element, response) => {
      expect($(element, '[part="qr"] svg.qr, [part="qr"] img.qr')).to.exist;
      const payload = response.qrRawData ?? response.qrCode;
      // Pix's copy-and-paste code is pasted by shoppers; any other raw payload is for support only, closed.
      if (response.paymentMethodCode === 'PIXQR') expect(copyValues(element)).to.include(payload);
      else {
        expect(copyValues(element)).not.to.include(payload);
        const support = $<HTMLDetailsElement>(element, 'details.support')!;
        expect(support.open).to.equal(false);
        expect(support.textContent).to.contain(payload);
      }
    },
    upiQr: (element, response) => {
      expect($(element, '[part="qr"] svg.qr')).to.exist;
      expect(response.upiQrDeepLink).to.match(/^upi:\/\/pay\?/);
      expect($(element, '#utr')).to.exist;
    },
    collect: (element) => {
      expect(text(element)).to.contain('payment request was sent');
    },
    transfer: (element, response) => {
      if (response.qrCode) expect($(element, '[part="qr"]')).to.exist;
      else expect(copyValues(element)).to.include(response.account.accountNumber);
      expect(copyValues(element)).to.include(response.reference);
      if (response.paymentInstructionList) expect($(element, '[part="instructions"]')).to.exist;
    },
    p2a: (element, response) => {
      expect(copyValues(element)).to.include(response.paymentAddress.idAddress);
      expect($(element, '#utr')).to.exist;
    },
    redirect: (element, response) => {
      const links = $$<HTMLAnchorElement>(element, 'a').map((a) => a.href);
      if (response.redirectTo) expect(links).to.include(response.redirectTo);
      if (response.deeplink) expect(links).to.include(response.deeplink);
      expect(response.redirectTo ?? response.deeplink).to.match(/^https?:/);
    },
    mobile: (element, response) => {
      expect(text(element)).to.contain('Approve on your phone');
      expect(text(element)).to.contain(response.phoneNumber);
    },
    crypto: (element, response) => {
      expect(text(element)).to.contain(`Send only on the ${response.paymentOperator.name} network`);
      expect(copyValues(element)).to.include(response.account.accountNumber);
      expect($(element, '[part="qr"]')).to.exist;
    },
    code: (element, response) => {
      expect(copyValues(element)).to.include(response.account.accountNumber);
    },
  };
  const FAMILY: Record<string, keyof typeof views> = {
    UPIQR: 'upiQr',
    UPICOLLECT: 'collect',
    QRISPAY: 'qr',
    PIXQR: 'qr',
    QRPH: 'qr',
    VIETQR: 'qr',
    PROMPTPAY: 'qr',
    DUITNOW: 'qr',
    ZAPPER_QR: 'qr',
    OFFLINE: 'transfer',
    VAPAY: 'transfer',
    P2A_V2: 'p2a',
    MOBILE_MONEY: 'mobile',
    CRYPTO_OFFLINE: 'crypto',
    CODE_PAYMENT: 'code',
    ONLINE: 'redirect',
    NETBANKING: 'redirect',
    FPX: 'redirect',
    PSE: 'redirect',
    EWALLET: 'redirect',
    MOMOPAY: 'redirect',
    PAY_ME: 'redirect',
    ABSA_PAY: 'redirect',
    CAPITEC_PAY: 'redirect',
    NEDBANK_DIRECT_EFT: 'redirect',
    PAYSHAP: 'redirect',
  };

  describe('a complete sandbox payment, for every row of the table', () => {
    for (const row of PAYIN_METHOD_TABLE) {
      const currencyCode = row.currencies[0];
      it(`${row.listedAs} (${row.code}) in ${currencyCode}: request, view, success`, async () => {
        const recorder = recordFetch();
        try {
          const { element, events, idPayin } = await open(row.code, currencyCode);
          const expected = fill(element, row.code, currencyCode);
          await submit(element);
          // Reads of the payin wait until the view has been looked at: the sandbox settles 400 ms
          // after create, which a busy machine drawing a QR can outlast.
          const release = recorder.hold((method, path) => method === 'GET' && path.endsWith(`/payins/${idPayin}`));
          await untilEvent(events, 'pay-created');
          const create = recorder.requests.find((r) => r.method === 'POST' && r.path.endsWith(`/payins/${idPayin}`))!;
          expect(create.body).to.deep.equal({
            paymentRequested: { money: { amount: 100, currencyCode } },
            paymentMethod: expected,
          });
          await untilState(element, 'pending');
          const response = events.find((e) => e.name === 'pay-created')!.detail.payin.paymentMethodResponse;
          expect(response.paymentMethodCode).to.equal(row.code);
          // A QR is drawn once the encoder chunk has answered.
          await waitUntil(() => !$(element, '.qr-placeholder'), 'QR drawn', { timeout: 5000 });
          views[FAMILY[row.code]!]!(element, response);
          if (row.code === 'PROMPTPAY' || row.code === 'DUITNOW') {
            expect(response.moneyRequired.amount).to.be.lessThan(100);
            expect($(element, '[part="amount"]')!.textContent).to.contain('differs from the order amount');
          }
          if (row.code === 'P2A_V2') {
            type(element, 'externalReference.reference', '12345');
            $<HTMLFormElement>(element, 'form.reference')!.requestSubmit();
            await element.updateComplete;
            expect($(element, '#utr-error')!.textContent).to.contain('12 digits');
            type(element, 'externalReference.reference', '123456789012');
            $<HTMLFormElement>(element, 'form.reference')!.requestSubmit();
            await waitUntil(() => text(element).includes('Reference received'), 'reference accepted', {
              timeout: 3000,
            });
            const sent = recorder.requests.find((r) => r.path.endsWith(`/payins/${idPayin}/!setExternalReference`))!;
            expect(sent.body).to.deep.equal({ externalReference: { reference: '123456789012' } });
          }
          release();
          await untilState(element, 'success', 6000);
          expect(events.filter((e) => e.name === 'pay-success')).to.have.length(1);
          element.remove();
        } finally {
          recorder.restore();
        }
      });
    }
  });
});
