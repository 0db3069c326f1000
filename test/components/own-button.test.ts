/**
 * A page with its own pay button (issue 23), against the sandbox emulator: `submit-button="none"`,
 * the page calls submit(), reads checkValidity() and listens to pay-change. Creates are counted
 * where they land, in the emulator's request log.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { PayCheckout, PayChangeDetail, PaySubmitResult } from '../../src/pay-checkout.js';
import { $, $$, expectNone, type, untilEvent, untilState, fastPolling, normalPolling } from '../support/element.js';
import { recordFetch, sandboxUrl } from '../support/browser-sandbox.js';
import { expectAccessible } from '../support/axe.js';
import { openSandboxCheckout } from '../support/sandbox-checkout.js';
import { loadWords } from '../../src/i18n/words.js';

/** The creates of a payin the emulator received. */
async function creates(idPayin: string): Promise<number> {
  const response = await fetch(
    `${await sandboxUrl()}/__sandbox/requests?method=POST&path=${encodeURIComponent(`/payins/${idPayin}`)}`,
  );
  return ((await response.json()) as { data: unknown[] }).data.length;
}

/** What the promise settled with before the page's next task ran, or 'still waiting'. */
const beforeNextTask = <T>(promise: Promise<T>) =>
  Promise.race([promise, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting')))]);

const changes = (events: { name: string; detail: any }[]) =>
  events.filter((e) => e.name === 'pay-change').map((e) => e.detail as PayChangeDetail);
const section = (element: PayCheckout) => $(element, 'section')!;

describe('<pay-checkout submit-button="none">: the page’s own pay button', () => {
  // The form's words come into the page first (as in a11y.test.ts): the first test's wait for the
  // form is then on the element and the emulator, not on a loaded machine's first fetch and compile
  // of that chunk (Firefox once stayed at loading past the wait's bound, in a full npm test).
  before(() => {
    fastPolling();
    return loadWords('en', 'checkout');
  });
  after(normalPolling);

  const own = { 'submit-button': 'none' };

  it('shows no pay button, and an incomplete form gives INVALID_FORM, the inline errors and focus, and no request', async () => {
    const recorder = recordFetch();
    try {
      const { element, events, idPayin } = await openSandboxCheckout('UPICOLLECT', 'INR', 100, own);
      expectNone(element, '[part="submit"]');
      expectNone(element, 'button');
      expect(element.checkValidity()).to.equal(false);
      // checkValidity() marks nothing.
      expectNone(element, '[aria-invalid="true"]');

      const result = await element.submit();
      expect(result).to.deep.equal({
        ok: false,
        error: {
          code: 'INVALID_FORM',
          message: 'Some payment details are missing or wrong.',
          retryable: false,
        },
      });
      await element.updateComplete;
      const name = $<HTMLInputElement>(element, '[data-field="account.accountName"]')!;
      expect(name.getAttribute('aria-invalid')).to.equal('true');
      expect(element.shadowRoot!.getElementById('f-account-accountName-error')!.textContent).to.equal(
        'Enter your full name.',
      );
      expect($(element, '.form-error')!.textContent).to.equal('Please correct 2 fields.');
      expect(element.shadowRoot!.activeElement === name, 'focus on the first problem').to.equal(true);
      expect(element.state).to.equal('select');
      expect(
        recorder.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/payins/${idPayin}`)),
      ).to.have.length(0);
      expect(await creates(idPayin)).to.equal(0);
      expect(
        events.some((e) => e.name === 'pay-error'),
        'a validation failure is the result, not a pay-error',
      ).to.equal(false);
    } finally {
      recorder.restore();
    }
  });

  it('reportValidity() shows the problems and focuses the first; Enter in a field pays nothing', async () => {
    const { element, idPayin } = await openSandboxCheckout('UPICOLLECT', 'INR', 100, own);
    type(element, 'account.accountName', 'Asha Devi');
    expect(element.reportValidity()).to.equal(false);
    await element.updateComplete;
    const phone = $<HTMLInputElement>(element, '[data-field="phoneNumber"]')!;
    expect(phone.getAttribute('aria-invalid')).to.equal('true');
    expect(element.shadowRoot!.activeElement === phone, 'focus on the phone number').to.equal(true);

    type(element, 'phoneNumber', '+919876543210');
    expect(element.reportValidity()).to.equal(true);
    // Implicit submission (Enter in a field) would skip the page's own conditions, such as its terms.
    $<HTMLFormElement>(element, 'form')!.requestSubmit();
    await element.updateComplete;
    expect(element.state).to.equal('select');
    expect(await creates(idPayin)).to.equal(0);
  });

  it('pay-change follows completeness and the choice, for the customer’s actions only', async () => {
    const { element, events } = await openSandboxCheckout('UPICOLLECT', 'INR', 100, {
      ...own,
      'options-available': 'true',
    });
    // The form as the page preset it: no event, and checkValidity() says where it stands.
    expect(changes(events)).to.deep.equal([]);
    expect(element.checkValidity()).to.equal(false);

    type(element, 'account.accountName', 'Asha Devi');
    expect(changes(events), 'still incomplete: nothing changed').to.deep.equal([]);
    type(element, 'phoneNumber', '+919876543210');
    expect(changes(events)).to.deep.equal([{ complete: true, paymentMethodCode: 'UPICOLLECT' }]);
    expect(element.checkValidity()).to.equal(true);
    type(element, 'phoneNumber', '+91987654321');
    type(element, 'phoneNumber', '');
    expect(changes(events)).to.deep.equal([
      { complete: true, paymentMethodCode: 'UPICOLLECT' },
      { complete: false, paymentMethodCode: 'UPICOLLECT' },
    ]);
    expect(element.checkValidity()).to.equal(false);

    // Another method: the choice changed, and UPI QR asks for nothing more.
    $$<HTMLInputElement>(element, 'input[type="radio"]')
      .find((radio) => radio.value === 'UPIQR')!
      .click();
    await element.updateComplete;
    expect(changes(events).at(-1)).to.deep.equal({ complete: true, paymentMethodCode: 'UPIQR' });
    expect(events.at(-2)).to.deep.include({ name: 'pay-method-change' });

    // The page setting a property is not the customer: no event.
    const seen = changes(events).length;
    element.phoneNumber = '+919812345678';
    element.accountName = 'Someone Else';
    await element.updateComplete;
    expect(changes(events)).to.have.length(seen);
  });

  it('submit() twice creates one payin; both settle with it, while the element shows it is working', async () => {
    const recorder = recordFetch();
    try {
      const { element, events, idPayin } = await openSandboxCheckout('UPIQR', 'INR', 100, own);
      const release = recorder.hold((method, path) => method === 'POST' && path.endsWith(`/payins/${idPayin}`));
      const first = element.submit();
      const second = element.submit();
      await element.updateComplete;
      expect(element.state).to.equal('submitting');
      expect(section(element).getAttribute('aria-busy')).to.equal('true');
      const working = $(element, '.working')!;
      expect(working.textContent!.trim()).to.equal('Processing…');
      expect(working.getBoundingClientRect().height, 'the working line is visible').to.be.greaterThan(0);
      expect($<HTMLFieldSetElement>(element, 'fieldset')!.disabled).to.equal(true);
      // A third call while the create runs gets the same result, however the page calls.
      const third = element.submit();
      release();

      const results: PaySubmitResult[] = await Promise.all([first, second, third]);
      for (const result of results) {
        expect(result.ok).to.equal(true);
        expect(result.ok && result.payin.paymentMethodResponse.idPayin).to.equal(idPayin);
      }
      await untilEvent(events, 'pay-created');
      expect(events.filter((e) => e.name === 'pay-created')).to.have.length(1);
      expect(await creates(idPayin)).to.equal(1);
      expect(
        recorder.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/payins/${idPayin}`)),
      ).to.have.length(1);
      await untilState(element, 'pending');
      expect(section(element).getAttribute('aria-busy')).to.equal('false');
    } finally {
      recorder.restore();
    }
  });

  it('submit() anywhere but at the form settles at once with INVALID_STATE and sends nothing', async () => {
    const { element, idPayin } = await openSandboxCheckout('UPIQR', 'INR', 100, own);
    const paid = await element.submit();
    expect(paid.ok).to.equal(true);
    await untilState(element, 'success', 8000);
    const late = await beforeNextTask(element.submit());
    expect(late).to.deep.equal({
      ok: false,
      error: {
        code: 'INVALID_STATE',
        message: 'The payment cannot be sent at this step. (success)',
        retryable: false,
      },
    });
    expect(await creates(idPayin)).to.equal(1);

    // Before the options are there, and on an element that is not on the page.
    const loading = document.createElement('pay-checkout');
    loading.setAttribute('submit-button', 'none');
    const early = await beforeNextTask(loading.submit());
    expect(early).to.deep.equal({
      ok: false,
      error: {
        code: 'INVALID_STATE',
        message: 'The payment cannot be sent at this step. (loading)',
        retryable: false,
      },
    });
    expect(loading.checkValidity()).to.equal(false);
    expect(loading.reportValidity()).to.equal(false);
  });

  it('a rejection settles with the error pay-error carries, and the customer stays at the form', async () => {
    const { element, events } = await openSandboxCheckout('UPIQR', 'INR', 47, own);
    const result = await element.submit();
    await untilEvent(events, 'pay-error');
    expect(result.ok).to.equal(false);
    expect(!result.ok && result.error).to.deep.equal(events.find((e) => e.name === 'pay-error')!.detail);
    expect(!result.ok && result.error).to.include({ code: 'PAYMENT_OPERATOR_UNAVAILABLE', httpStatus: 406 });
    expect(element.state).to.equal('select');
  });

  it('has no axe violation with the button hidden: at the form, with its errors, and while working', async () => {
    const recorder = recordFetch();
    try {
      const { element, idPayin } = await openSandboxCheckout('UPICOLLECT', 'INR', 100, own);
      await expectAccessible(element);
      await element.submit();
      await element.updateComplete;
      await expectAccessible(element);
      type(element, 'account.accountName', 'Asha Devi');
      type(element, 'phoneNumber', '+919876543210');
      const release = recorder.hold((method, path) => method === 'POST' && path.endsWith(`/payins/${idPayin}`));
      const result = element.submit();
      await waitUntil(() => $(element, '.working'), 'the working line');
      await expectAccessible(element);
      release();
      expect((await result).ok).to.equal(true);
    } finally {
      recorder.restore();
    }
  });
});
