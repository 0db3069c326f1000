/**
 * kind="topup" end to end against the sandbox emulator (issue 22): both modes, the quote before
 * paying, the created top-up's numbers equal to the quote's, a quote whose rate expired refreshed,
 * the credit on success, and a broad token refused with no request.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { quoteTopUp, type TopUpQuote } from '../../src/api/fx.js';
import { $, mount, submit, untilEvent, untilState, fastPolling, normalPolling } from '../support/element.js';
import {
  advanceClock,
  mintTopUpToken,
  ownPlatform,
  readRate,
  recordFetch,
  sandboxUrl,
  uniqueId,
} from '../support/browser-sandbox.js';

const money = (amount: number, currencyCode: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).format(amount);
const quoteText = (element: HTMLElement) =>
  (element.shadowRoot!.querySelector('[part="quote"]')?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('<pay-checkout kind="topup"> against the sandbox emulator', () => {
  let recorder: ReturnType<typeof recordFetch>;
  before(fastPolling);
  after(normalPolling);
  beforeEach(() => (recorder = recordFetch()));
  afterEach(() => recorder.restore());

  /** `own`: on an emulator of the test's own, whose clock it moves. */
  async function open(attributes: Record<string, string>, fxRates = true, own?: string) {
    const idTopUp = uniqueId('topup');
    const token = await mintTopUpToken(idTopUp, { fxRates, own });
    const mounted = await mount({
      kind: 'topup',
      token,
      'base-url': await sandboxUrl(own),
      'topup-id': idTopUp,
      'payment-method-code': 'UPIQR',
      'currency-code': 'INR',
      'credit-currency': 'USD',
      ...attributes,
    });
    return { ...mounted, idTopUp, token };
  }

  /** The quote the emulator's published rates give, by the same arithmetic (src/api/fx.ts). */
  async function expectedQuote(mode: 'moneyProvided' | 'moneyRequired', amount: number): Promise<TopUpQuote> {
    const reader = await mintTopUpToken(uniqueId('reader'), { fxRates: true });
    const rate = await readRate(reader, 'USD', 'INR');
    return quoteTopUp(mode, amount, { provided: 'INR', required: 'USD' }, [rate])!;
  }

  it('credit-amount (the wallet receives exactly): the quote, the created top-up equal to it, the credit on success', async () => {
    const { element, events, idTopUp } = await open({ 'credit-amount': '100' });
    await untilState(element, 'select');
    const quote = await expectedQuote('moneyRequired', 100);
    await waitUntil(() => quoteText(element).includes('You pay'), 'the quote');
    expect(quoteText(element)).to.contain(`You pay ${money(quote.moneyProvided.amount, 'INR')} · You receive $100.00`);
    expect(quoteText(element)).to.match(/1 USD = [\d.,]+ INR · rate valid until /);
    expect($(element, '[part="quote"]')!.getAttribute('aria-live')).to.equal('polite');
    expect($(element, '[part="submit"]')!.textContent!.trim()).to.equal(
      `Pay ${money(quote.moneyProvided.amount, 'INR')}`,
    );
    recorder.requests.length = 0;
    await submit(element);
    await untilState(element, 'success', 8000);
    const create = recorder.requests.find((r) => r.method === 'POST' && r.path === `/topups/${idTopUp}`)!;
    expect(create.body).to.deep.include({
      topUpRequested: { moneyRequired: { amount: 100, currencyCode: 'USD' }, currencyProvided: 'INR' },
    });
    expect(
      recorder.requests.filter(
        (r) => r.method === 'POST' && r.path.startsWith('/topups/') && r.path !== '/topups/!availablePaymentOptions',
      ),
    ).to.have.length(1);
    const created = events.find((e) => e.name === 'pay-created')!.detail;
    expect(created).to.include({ kind: 'topup', idTopUp, resumed: false });
    expect(created).not.to.have.property('payin');
    expect(created.topUp.moneyProvided).to.deep.equal(quote.moneyProvided);
    expect(created.topUp.moneyRequired).to.deep.equal(quote.moneyRequired);
    const success = events.find((e) => e.name === 'pay-success')!.detail;
    expect(success.kind).to.equal('topup');
    expect(success.topUp.status).to.equal('SUCCESS');
    expect(quoteText(element)).to.contain('$100.00 has been added to your balance.');
    expect(quoteText(element)).not.to.contain('The rate changed');
  });

  it('amount (the customer pays exactly), with the rate handed in by the merchant: the quote and the created top-up agree', async () => {
    const reader = await mintTopUpToken(uniqueId('reader'), { fxRates: true });
    const rate = await readRate(reader, 'USD', 'INR');
    recorder.requests.length = 0;
    const { element, events } = await open({ amount: '8400', 'fx-rate': JSON.stringify(rate) }, false);
    await untilState(element, 'select');
    const quote = quoteTopUp('moneyProvided', 8400, { provided: 'INR', required: 'USD' }, [rate])!;
    await waitUntil(() => quoteText(element).includes('You pay'), 'the quote');
    expect(quoteText(element)).to.contain(
      `You pay ${money(8400, 'INR')} · You receive ${money(quote.moneyRequired.amount, 'USD')}`,
    );
    // A by-action token does not permit GET /fx-rates: the element never asks.
    expect(recorder.requests.some((r) => r.path === '/fx-rates')).to.equal(false);
    await submit(element);
    await untilEvent(events, 'pay-created', 1, 8000);
    const created = events.find((e) => e.name === 'pay-created')!.detail;
    expect(created.topUp.moneyProvided).to.deep.equal({ amount: 8400, currencyCode: 'INR' });
    expect(created.topUp.moneyRequired).to.deep.equal(quote.moneyRequired);
  });

  it('with neither amount, no rate and no GET /fx-rates: a localized error, no guess, and no create', async () => {
    const { element } = await open({ 'credit-amount': '100' }, false);
    await untilState(element, 'select');
    await waitUntil(() => quoteText(element).includes('not available'), 'the no-rate notice');
    await submit(element);
    expect(element.state).to.equal('select');
    expect(recorder.requests.some((r) => r.method === 'POST' && /^\/topups\/topup-/.test(r.path))).to.equal(false);
  });

  it('a quote whose rate expired (the emulator clock moved past validUpTo) is refreshed before any create', async () => {
    const own = ownPlatform();
    const { element, events, idTopUp } = await open({ 'credit-amount': '100' }, true, own);
    await untilState(element, 'select');
    await waitUntil(() => quoteText(element).includes('valid until'), 'the quote');
    await advanceClock(own, 3600);
    const reads = recorder.requests.filter((r) => r.path === '/fx-rates').length;
    await submit(element);
    await waitUntil(() => quoteText(element).includes('refreshed'), `the refresh notice (${quoteText(element)})`);
    expect(recorder.requests.filter((r) => r.path === '/fx-rates').length).to.be.greaterThan(reads);
    expect(recorder.requests.some((r) => r.method === 'POST' && r.path === `/topups/${idTopUp}`)).to.equal(false);
    expect(element.state).to.equal('select');
    // The fresh quote is shown as valid: a fresh validUpTo, in the platform's moved time.
    expect(quoteText(element))
      .to.contain('Check the new quote')
      .and.to.match(/You pay ₹[\d,.]+ · You receive \$100\.00 1 USD = [\d.]+ INR · rate valid until /);
    await submit(element);
    await untilEvent(events, 'pay-created', 1, 8000);
    const created = events.find((e) => e.name === 'pay-created')!.detail;
    expect(created.topUp.moneyRequired).to.deep.equal({ amount: 100, currencyCode: 'USD' });
  });

  it('the customer chooses the amount from presets; bounds are checked by the currency', async () => {
    const { element, events } = await open({
      'amount-presets': '10,50',
      'min-amount': '5',
      'max-amount': '200',
    });
    await untilState(element, 'select');
    await waitUntil(() => quoteText(element).includes('You receive $10.00'), 'the first preset quoted');
    const input = $<HTMLInputElement>(element, '[data-field="topUpAmount"]')!;
    input.value = '500';
    input.dispatchEvent(new Event('input'));
    await element.updateComplete;
    expect($(element, '#f-topUpAmount-error')!.textContent).to.contain('from $5.00 to $200.00');
    await submit(element);
    expect(element.state).to.equal('select');
    input.value = '50';
    input.dispatchEvent(new Event('input'));
    await element.updateComplete;
    await submit(element);
    await untilEvent(events, 'pay-created', 1, 8000);
    expect(events.find((e) => e.name === 'pay-created')!.detail.topUp.moneyRequired).to.deep.equal({
      amount: 50,
      currencyCode: 'USD',
    });
  });

  it('a reload while pending resumes the top-up (GET /topups/{id}), with its own record in the events, and no UTR step', async () => {
    const first = await open({ 'credit-amount': '1' });
    await untilState(first.element, 'select');
    await waitUntil(() => quoteText(first.element).includes('You pay'), 'the quote');
    await submit(first.element);
    await untilState(first.element, 'pending', 8000);
    expect($(first.element, '#utr')).to.equal(null);
    expect(quoteText(first.element)).to.contain('$1.00 will be added to your balance once the payment arrives.');
    const attributes = Object.fromEntries(
      first.element
        .getAttributeNames()
        .filter((name) => name !== 'state')
        .map((name) => [name, first.element.getAttribute(name)!]),
    );
    first.element.remove();
    recorder.requests.length = 0;
    const again = await mount(attributes);
    await untilState(again.element, 'pending', 8000);
    const created = again.events.find((e) => e.name === 'pay-created')!.detail;
    expect(created).to.include({ kind: 'topup', idTopUp: first.idTopUp, resumed: true });
    expect(created.topUp.moneyRequired).to.deep.equal({ amount: 1, currencyCode: 'USD' });
    expect(recorder.requests.some((r) => r.method === 'GET' && r.path === `/topups/${first.idTopUp}`)).to.equal(true);
    expect(recorder.requests.some((r) => r.method === 'POST' && r.path === `/topups/${first.idTopUp}`)).to.equal(false);
  });

  it('a broad top-up token is refused with no request', async () => {
    const token = await mintTopUpToken('x', {
      operations: ['POST /topups/.*', 'GET /topups/.*', 'POST /topups/!availablePaymentOptions'],
    });
    const { element, events } = await mount({
      kind: 'topup',
      token,
      'base-url': await sandboxUrl(),
      'currency-code': 'INR',
      'credit-currency': 'USD',
      'credit-amount': '10',
    });
    await untilState(element, 'error');
    expect(events.find((e) => e.name === 'pay-error')!.detail.code).to.equal('TOKEN_TOO_BROAD');
    expect(recorder.requests.filter((r) => !r.path.startsWith('/__test'))).to.have.length(0);
  });
});
