/**
 * CheckoutSession without a DOM: a fake platform client, fake followers (status source and
 * countdown driven by hand), and every report recorded. The phase table is tested on its own.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PlatformError } from '../../src/api/errors.js';
import type { CheckoutClient } from '../../src/api/checkout-client.js';
import type { PayinDetailResponse } from '../../src/api/schemas/payin.js';
import { checkoutState, initialPhase, nextPhase, type Phase } from '../../src/checkout/phase.js';
import { CheckoutSession, type SessionInput, type SessionReport } from '../../src/checkout/session.js';
import type { StatusSourceOptions, FollowStop } from '../../src/checkout/status-source.js';
import { PayinFollow, type Followers } from '../../src/checkout/follow.js';
import { TokenWatch } from '../../src/checkout/token-watch.js';
import { countdownText } from '../../src/components/pay-checkout/views/deadline.js';
import { Localizer, moreWords } from '../../src/i18n/localize.js';
import { fakeJwt } from '../support/jwt.js';

const now = () => Math.floor(Date.now() / 1000);
const checkoutToken = (id = 'order-1', extra: string[] = ['GET /merchant-info']) =>
  fakeJwt({
    merchantCode: 'm',
    exp: now() + 600,
    operations: ['POST /payins/!availablePaymentOptions', `POST /payins/${id}`, `GET /payins/${id}`, ...extra],
  });

const OPTIONS = {
  data: [
    { paymentMethodCode: 'UPIQR', paymentOperators: [] },
    { paymentMethodCode: 'UPICOLLECT', paymentOperators: [] },
  ],
};

function payin(status?: string, response: Record<string, unknown> = {}): PayinDetailResponse {
  return {
    paymentRequested: { money: { amount: 60, currencyCode: 'INR' } },
    paymentMethodResponse: {
      idPayin: 'order-1',
      paymentMethodCode: 'UPIQR',
      money: { amount: 60, currencyCode: 'INR' },
      acceptedAt: new Date().toISOString(),
      expireAt: new Date(Date.now() + 600_000).toISOString(),
      reference: 'REF-1',
      ...response,
    },
    ...(status ? { status } : {}),
  } as PayinDetailResponse;
}

const notFound = () => new PlatformError({ code: 'NOT_FOUND', message: 'no such payin', httpStatus: 404 });

type Answer = unknown | (() => unknown);
/** A client whose answers are set per method; each answer is a value, an error, or a function. */
function fakeClient(answers: Partial<Record<keyof CheckoutClient, Answer[]>>) {
  const calls: { name: string; args: unknown[] }[] = [];
  const tokens: string[] = [];
  const respond =
    (name: keyof CheckoutClient) =>
    (...args: unknown[]) => {
      calls.push({ name, args });
      const queue = answers[name] ?? [];
      const answer = queue.length > 1 ? queue.shift() : queue[0];
      const value = typeof answer === 'function' ? (answer as () => unknown)() : answer;
      if (value === undefined)
        return Promise.reject(
          new PlatformError({ code: 'NETWORK', message: `no answer for ${name}`, retryable: true }),
        );
      return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
    };
  const client = {
    getAvailablePaymentOptions: respond('getAvailablePaymentOptions'),
    getMerchantInfo: respond('getMerchantInfo'),
    createPayin: respond('createPayin'),
    getPayin: respond('getPayin'),
    getPayinAccounts: respond('getPayinAccounts'),
    setExternalReference: respond('setExternalReference'),
  } as unknown as CheckoutClient;
  return {
    client,
    calls,
    tokens,
    count: (name: string) => calls.filter((call) => call.name === name).length,
  };
}

/** Followers whose status source and countdown the test drives. */
function fakeFollowers() {
  const sources: {
    options: StatusSourceOptions;
    started: number;
    checks: number;
    stops: FollowStop[];
    active: boolean;
    stop?: (reason: FollowStop) => void;
  }[] = [];
  const countdowns: { deadline?: number; expire: () => void }[] = [];
  const followers: Followers = {
    PayinFollow,
    TokenWatch,
    createStatusSource(host, options) {
      const record: (typeof sources)[number] = { options, started: 0, checks: 0, stops: [], active: false };
      sources.push(record);
      const source = {
        hostConnected() {},
        get active() {
          return record.active;
        },
        start() {
          record.started++;
          record.active = true;
        },
        checkNow() {
          record.checks++;
          record.active = true;
        },
        stop(reason: FollowStop = 'stopped') {
          record.stops.push(reason);
          record.active = false;
          options.onStop?.(reason);
        },
      };
      record.stop = (reason) => source.stop(reason);
      host.addController(source);
      return source;
    },
    createCountdown(_host, onExpire) {
      const record: { deadline?: number; expire: () => void } = { expire: onExpire };
      countdowns.push(record);
      return {
        get remainingMs() {
          return record.deadline === undefined ? undefined : Math.max(0, record.deadline - Date.now());
        },
        set(deadline: number | undefined) {
          record.deadline = deadline;
        },
      };
    },
  };
  return { followers, sources, countdowns };
}

interface Harness {
  session: CheckoutSession;
  reports: SessionReport[];
  events: () => { name: string; detail: any }[];
  names: () => string[];
  settle: () => Promise<void>;
  platform: ReturnType<typeof fakeClient>;
  follow: ReturnType<typeof fakeFollowers>;
}

function startSession(
  input: Partial<SessionInput>,
  answers: Parameters<typeof fakeClient>[0],
  extra: { earlier?: CheckoutSession; noStart?: boolean; storage?: Map<string, string> } = {},
): Harness {
  const platform = fakeClient(answers);
  const follow = fakeFollowers();
  const reports: SessionReport[] = [];
  const full: SessionInput = {
    token: checkoutToken(),
    baseUrl: 'https://platform.test',
    payinId: 'order-1',
    amount: 60,
    currencyCode: 'INR',
    optionsAvailable: true,
    ...input,
  };
  const session = new CheckoutSession({
    input: () => full,
    localizer: () => new Localizer('en'),
    // As the element does: a pay-error waits for the words of trouble (English's en-more.ts here).
    moreWords: () => moreWords('en'),
    loadFollowers: () => Promise.resolve(follow.followers),
    report: (report) => reports.push(report),
    createClient: (options) => {
      platform.tokens.push(options.token!);
      return platform.client;
    },
    earlierForm: extra.earlier?.form,
    storage: extra.storage && {
      getItem: (key) => extra.storage!.get(key) ?? null,
      setItem: (key, value) => void extra.storage!.set(key, value),
    },
  });
  session.hostConnected();
  if (!extra.noStart) session.start();
  const events = () =>
    reports
      .filter((r): r is Extract<SessionReport, { type: 'event' }> => r.type === 'event')
      .map(({ name, detail }) => ({ name, detail }));
  return {
    session,
    reports,
    events,
    names: () => events().map((event) => event.name),
    settle: async () => {
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    },
    platform,
    follow,
  };
}

describe('the phase table', () => {
  const pending: Phase = { name: 'pending', payin: payin() };
  const select: Phase = { name: 'select', options: [], providers: [] };

  it('derives the reflected state from the phase', () => {
    assert.equal(checkoutState(initialPhase), 'loading');
    assert.equal(checkoutState(select), 'select');
    assert.equal(checkoutState({ name: 'final', status: 'SUCCESS', payin: payin('SUCCESS') }), 'success');
    assert.equal(checkoutState({ name: 'final', status: 'REFUSED', payin: payin('REFUSED') }), 'refused');
    assert.equal(checkoutState({ name: 'error', detail: { code: 'NETWORK', message: 'x', retryable: true } }), 'error');
  });

  it('moves loading → select → submitting → select, and submitting → pending or final by the payin status', () => {
    const shown = nextPhase(initialPhase, { type: 'options', options: OPTIONS.data, providers: [] })!;
    assert.equal(shown.name, 'select');
    const submitting = nextPhase(shown, { type: 'submit' })!;
    assert.equal(submitting.name, 'submitting');
    assert.equal(nextPhase(submitting, { type: 'rejected' })!.name, 'select');
    assert.equal(nextPhase(submitting, { type: 'payin', payin: payin() })!.name, 'pending');
    const failed = payin('FAILED');
    assert.deepEqual(nextPhase(submitting, { type: 'payin', payin: failed }), {
      name: 'final',
      status: 'FAILED',
      payin: failed,
    });
    // An unknown status the platform may add later is not final.
    assert.equal(nextPhase(pending, { type: 'payin', payin: payin('ON_HOLD') })!.name, 'pending');
  });

  it('refuses moves that do not apply: a final or error phase is never left, the form is not skipped', () => {
    const final: Phase = { name: 'final', status: 'SUCCESS', payin: payin('SUCCESS') };
    const error: Phase = { name: 'error', detail: { code: 'TOKEN_INVALID', message: 'x', retryable: false } };
    assert.equal(nextPhase(final, { type: 'payin', payin: payin('PROCESSING') }), undefined);
    assert.equal(nextPhase(final, { type: 'fail', detail: error.detail }), undefined);
    assert.equal(nextPhase(error, { type: 'options', options: [], providers: [] }), undefined);
    assert.equal(nextPhase(error, { type: 'payin', payin: payin('SUCCESS') }), undefined);
    assert.equal(nextPhase(select, { type: 'payin', payin: payin() }), undefined);
    assert.equal(nextPhase(initialPhase, { type: 'submit' }), undefined);
    assert.equal(nextPhase(select, { type: 'rejected' }), undefined);
  });
});

describe('CheckoutSession', () => {
  // The words of trouble a pay-error says (English's en-more.ts) are here before the first test
  // needs them, as they are a moment after an element first asks.
  before(() => moreWords('en'));

  it('bad page input: an error naming the attribute, and no request', async () => {
    const h = startSession({ amount: -5 }, {});
    await h.settle();
    assert.equal(h.session.state, 'error');
    const [error] = h.events();
    assert.equal(error!.name, 'pay-error');
    assert.equal(error!.detail.code, 'INVALID_ATTRIBUTE');
    assert.match(error!.detail.message, /amount/);
    assert.equal(error!.detail.retryable, false);
    assert.equal(h.platform.calls.length, 0);
  });

  it('the payin is the one the token is for: payin-id may be left out, and a different one is refused', async () => {
    const scoped = startSession(
      { payinId: undefined, token: checkoutToken('order-7') },
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [notFound()],
        getMerchantInfo: [{ channelInfo: { name: 'x' } }],
      },
    );
    await scoped.settle();
    assert.equal(scoped.session.config!.idPayin, 'order-7');
    assert.deepEqual(scoped.platform.calls.find((call) => call.name === 'getPayin')!.args[0], 'order-7');

    const other = startSession({ payinId: 'order-2', token: checkoutToken('order-1') }, {});
    await other.settle();
    assert.equal(other.session.state, 'error');
    assert.equal(other.events()[0]!.detail.code, 'INVALID_ATTRIBUTE');
    assert.match(
      other.events()[0]!.detail.message,
      /payin-id "order-2" differs from the payin the token is for, "order-1"/,
    );
    assert.equal(other.platform.calls.length, 0);
  });

  it('a by-action token that lists no operations: only what its action permits is asked (no merchant name, no 403)', async () => {
    const token = fakeJwt({
      merchantCode: 'm',
      action: 'PAYIN_CREATE',
      idPayment: 'order-1',
      exp: now() + 600,
    });
    const h = startSession(
      { token },
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [notFound()],
        getMerchantInfo: [{ channelInfo: { name: 'x' } }],
      },
    );
    await h.settle();
    assert.equal(h.session.state, 'select');
    assert.equal(h.platform.count('getMerchantInfo'), 0);
  });

  it('the started-here marker: a fresh checkout reads no payin; after a create, a new session of the tab resumes it', async () => {
    const tab = new Map<string, string>();
    const answers = {
      getAvailablePaymentOptions: [OPTIONS],
      getMerchantInfo: [{ channelInfo: { name: 'x' } }],
      createPayin: [payin()],
      getPayin: [payin('PROCESSING')],
    };
    const fresh = startSession({ paymentMethodCode: 'UPIQR' }, answers, { storage: tab });
    await fresh.settle();
    assert.equal(fresh.platform.count('getPayin'), 0);
    assert.equal(fresh.session.state, 'select');
    await fresh.session.submit();
    assert.equal(tab.size, 1, 'marked before the create went out');
    fresh.session.dispose();
    const reloaded = startSession({}, answers, { storage: tab });
    await reloaded.settle();
    assert.equal(reloaded.platform.count('getPayin'), 1);
    assert.equal(reloaded.session.state, 'pending');
    // Another payin of the same tab is not marked.
    const other = startSession({ payinId: 'order-9', token: checkoutToken('order-9') }, answers, {
      storage: tab,
    });
    await other.settle();
    assert.equal(other.platform.count('getPayin'), 0);
  });

  it('a fresh checkout: options, payin and merchant name at once, then the form and pay-ready', async () => {
    const h = startSession(
      {},
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [notFound()],
        getMerchantInfo: [{ channelInfo: { name: 'Demo Shop' } }],
      },
    );
    assert.equal(h.session.state, 'loading');
    await h.settle();
    assert.deepEqual(h.platform.calls.map((call) => call.name).sort(), [
      'getAvailablePaymentOptions',
      'getMerchantInfo',
      'getPayin',
    ]);
    assert.equal(h.session.state, 'select');
    assert.deepEqual(h.names(), ['pay-ready']);
    assert.equal(h.events()[0]!.detail.merchantName, 'Demo Shop');
    assert.equal(h.session.merchantName, 'Demo Shop');
  });

  it('a payin that exists is resumed at pending, never at the form, and followed', async () => {
    const h = startSession(
      {},
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [payin('PROCESSING')],
        getMerchantInfo: [{ channelInfo: { name: 'Demo Shop' } }],
      },
    );
    await h.settle();
    assert.equal(h.session.state, 'pending');
    assert.deepEqual(h.names(), ['pay-created', 'pay-status']);
    assert.equal(h.events()[0]!.detail.resumed, true);
    assert.equal(h.follow.sources.length, 1);
    assert.equal(h.follow.sources[0]!.started, 1);
    assert.ok(h.follow.countdowns[0]!.deadline! > Date.now());
  });

  it('counts a fresh payin down from its own window, not a second more, on a clock read a second late', async () => {
    const h = startSession(
      {},
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [
          () => {
            const acceptedAt = Date.now();
            return payin('PROCESSING', {
              acceptedAt: new Date(acceptedAt).toISOString(),
              expireAt: new Date(acceptedAt + 15 * 60_000).toISOString(),
            });
          },
        ],
        getMerchantInfo: [{ channelInfo: { name: 'Demo Shop' } }],
      },
      { noStart: true },
    );
    // A Date header of …:00 read at …:00.999 (it truncates to the second): the clock puts the platform half a second behind.
    h.session.clock.observe(Date.now() - 999, Date.now());
    h.session.start();
    await h.settle();
    assert.equal(h.session.state, 'pending');
    const { deadline } = h.follow.countdowns[0]!;
    const remaining = deadline! - Date.now();
    assert.ok(remaining <= 15 * 60_000, `${remaining} ms left of a 15-minute window`);
    assert.ok(remaining > 15 * 60_000 - 5_000, `${remaining} ms left: the deadline is not cut short`);
    assert.equal(countdownText(new Localizer('en'), h.session.follow!.remainingMs!), '15:00');
    // Without the window the clock alone would say 15:01 (and half a second more to pay than there is).
    assert.equal(
      countdownText(new Localizer('en'), h.session.clock.toLocal(Date.now() + 15 * 60_000) - Date.now()),
      '15:01',
    );
    // A payin resumed well into its window keeps the clock's deadline: the window only ever shortens it.
    const late = startSession(
      {},
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [
          payin('PROCESSING', {
            acceptedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
            expireAt: new Date(Date.now() + 10 * 60_000).toISOString(),
          }),
        ],
        getMerchantInfo: [{ channelInfo: { name: 'Demo Shop' } }],
      },
    );
    await late.settle();
    const lateRemaining = late.follow.countdowns[0]!.deadline! - Date.now();
    assert.ok(lateRemaining <= 10 * 60_000 && lateRemaining > 10 * 60_000 - 5_000, `${lateRemaining} ms left`);
  });

  it('submit checks the method rules first: nothing is sent while a field is missing', async () => {
    const h = startSession(
      { paymentMethodCode: 'UPICOLLECT' },
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [notFound()],
        getMerchantInfo: [{ channelInfo: { name: 'x' } }],
        createPayin: [payin()],
      },
    );
    await h.settle();
    assert.deepEqual(await h.session.submit(), {
      ok: false,
      error: {
        code: 'INVALID_FORM',
        message: 'Some payment details are missing or wrong.',
        retryable: false,
      },
    });
    assert.equal(h.session.state, 'select');
    assert.deepEqual(h.session.form.fieldErrors, {
      'account.accountName': 'required',
      phoneNumber: 'required',
    });
    assert.deepEqual(h.session.form.notice, { kind: 'fields', count: 2 });
    assert.deepEqual(
      h.reports.findLast((r) => r.type === 'focus'),
      { type: 'focus', target: { field: 'account.accountName' } },
    );
    assert.equal(h.platform.count('createPayin'), 0);

    h.session.setValue('account.accountName', 'Asha Devi');
    assert.deepEqual(h.session.form.fieldErrors, { phoneNumber: 'required' });
    h.session.setValue('phoneNumber', '98765 43210');
    const submitted = h.session.submit();
    assert.equal(h.session.state, 'submitting');
    const result = await submitted;
    await h.settle();
    assert.equal(h.session.state, 'pending');
    assert.equal(result.ok && result.payin.paymentMethodResponse.reference, 'REF-1');
    const request = h.platform.calls.find((call) => call.name === 'createPayin')!.args[1] as any;
    assert.deepEqual(request.paymentMethod, {
      paymentMethodCode: 'UPICOLLECT',
      account: { accountName: 'Asha Devi' },
      phoneNumber: '9876543210',
    });
    assert.deepEqual(request.paymentRequested, { money: { amount: 60, currencyCode: 'INR' } });
    // The name alone changed nothing pay-change tells; the phone number completed the form.
    assert.deepEqual(h.names(), ['pay-ready', 'pay-change', 'pay-created']);
    assert.deepEqual(h.events()[1]!.detail, { complete: true, paymentMethodCode: 'UPICOLLECT' });
    assert.equal(h.events()[2]!.detail.resumed, false);
    assert.deepEqual(
      h.reports.findLast((r) => r.type === 'focus'),
      { type: 'focus', target: 'status' },
    );
  });

  it('a 406 keeps the customer at the form with the reason; another method may be chosen', async () => {
    const rejected = new PlatformError({
      code: 'PAYMENT_OPERATOR_UNAVAILABLE',
      message: 'down',
      httpStatus: 406,
    });
    const h = startSession(
      { paymentMethodCode: 'UPIQR' },
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [notFound()],
        getMerchantInfo: [{ channelInfo: { name: 'x' } }],
        createPayin: [rejected],
      },
    );
    await h.settle();
    const result = await h.session.submit();
    await h.settle();
    assert.equal(h.session.state, 'select');
    assert.deepEqual(h.session.form.notice, { kind: 'error', code: 'PAYMENT_OPERATOR_UNAVAILABLE' });
    const detail = {
      code: 'PAYMENT_OPERATOR_UNAVAILABLE',
      message: 'This payment provider is unavailable right now. Try another payment method.',
      httpStatus: 406,
      retryable: false,
    };
    assert.deepEqual(h.events().at(-1), { name: 'pay-error', detail });
    assert.deepEqual(result, { ok: false, error: detail });
    h.session.choose('UPICOLLECT');
    assert.equal(h.session.form.notice, undefined);
    assert.deepEqual(h.events().slice(-2), [
      { name: 'pay-method-change', detail: { paymentMethodCode: 'UPICOLLECT' } },
      { name: 'pay-change', detail: { complete: false, paymentMethodCode: 'UPICOLLECT' } },
    ]);
  });

  it('a create that meets 409 reads the payin and resumes it: never a second payin', async () => {
    const conflict = new PlatformError({ code: 'CONFLICT', message: 'exists', httpStatus: 409 });
    const h = startSession(
      { paymentMethodCode: 'UPIQR' },
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [notFound(), payin('PROCESSING')],
        getMerchantInfo: [{ channelInfo: { name: 'x' } }],
        createPayin: [conflict],
      },
    );
    await h.settle();
    await h.session.submit();
    await h.settle();
    assert.equal(h.session.state, 'pending');
    assert.equal(h.platform.count('createPayin'), 1);
    assert.equal(h.events().find((event) => event.name === 'pay-created')!.detail.resumed, true);
  });

  describe('submit(), checkValidity() and pay-change, for a page with its own pay button', () => {
    /** The value if it settled before the event loop turned (at once), else 'still waiting'. */
    const atOnce = <T>(promise: Promise<T>) =>
      Promise.race([promise, new Promise<'still waiting'>((resolve) => setImmediate(() => resolve('still waiting')))]);
    const gate = () => {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, opened };
    };

    it('calls while the create runs share its one create and its result', async () => {
      const held = gate();
      const h = startSession(
        { paymentMethodCode: 'UPIQR' },
        {
          getAvailablePaymentOptions: [OPTIONS],
          getMerchantInfo: [{ channelInfo: { name: 'x' } }],
          createPayin: [() => held.opened.then(() => payin())],
        },
      );
      await h.settle();
      const first = h.session.submit();
      const second = h.session.submit();
      assert.equal(first, second);
      assert.equal(await atOnce(h.session.submit()), 'still waiting');
      held.open();
      const [a, b] = await Promise.all([first, second]);
      assert.deepEqual(a, b);
      assert.equal(a.ok, true);
      assert.equal(h.platform.count('createPayin'), 1);
      // Now pending: another call is refused at once, and creates nothing.
      await h.settle();
      const late = await atOnce(h.session.submit());
      assert.deepEqual(late, {
        ok: false,
        error: {
          code: 'INVALID_STATE',
          message: 'The payment cannot be sent at this step. (pending)',
          retryable: false,
        },
      });
      assert.equal(h.platform.count('createPayin'), 1);
    });

    it('before the form is there, submit() settles at once with INVALID_STATE and checkValidity() is false', async () => {
      const h = startSession(
        { paymentMethodCode: 'UPIQR' },
        { getAvailablePaymentOptions: [() => new Promise(() => undefined)] },
      );
      assert.equal(h.session.state, 'loading');
      const result = await atOnce(h.session.submit());
      assert.deepEqual(result, {
        ok: false,
        error: {
          code: 'INVALID_STATE',
          message: 'The payment cannot be sent at this step. (loading)',
          retryable: false,
        },
      });
      assert.equal(h.session.checkValidity(), false);
      assert.equal(h.session.reportValidity(), false);
      assert.equal(h.platform.count('createPayin'), 0);
    });

    it('a session ended while its create runs settles the result (INVALID_STATE, stopped), never leaves it waiting', async () => {
      const held = gate();
      const h = startSession(
        { paymentMethodCode: 'UPIQR' },
        {
          getAvailablePaymentOptions: [OPTIONS],
          getMerchantInfo: [{ channelInfo: { name: 'x' } }],
          createPayin: [() => held.opened.then(() => payin())],
        },
      );
      await h.settle();
      const result = h.session.submit();
      h.session.dispose();
      held.open();
      assert.deepEqual(await result, {
        ok: false,
        error: {
          code: 'INVALID_STATE',
          message: 'The payment cannot be sent at this step. (stopped)',
          retryable: false,
        },
      });
    });

    it('a create refused for good settles with its error, the one pay-error carries', async () => {
      const h = startSession(
        { paymentMethodCode: 'UPIQR' },
        {
          getAvailablePaymentOptions: [OPTIONS],
          getMerchantInfo: [{ channelInfo: { name: 'x' } }],
          createPayin: [new PlatformError({ code: 'UNAUTHORIZED', message: 'no', httpStatus: 401 })],
        },
      );
      await h.settle();
      const result = await h.session.submit();
      assert.equal(h.session.state, 'error');
      assert.equal(result.ok, false);
      assert.deepEqual(!result.ok && result.error, h.events().findLast((event) => event.name === 'pay-error')!.detail);
      assert.equal(!result.ok && result.error.code, 'UNAUTHORIZED');
    });

    it('checkValidity() marks nothing; reportValidity() shows the problems and focuses the first', async () => {
      const h = startSession(
        { paymentMethodCode: 'UPICOLLECT' },
        { getAvailablePaymentOptions: [OPTIONS], getMerchantInfo: [{ channelInfo: { name: 'x' } }] },
      );
      await h.settle();
      assert.equal(h.session.checkValidity(), false);
      assert.deepEqual(h.session.form.fieldErrors, {});
      assert.equal(
        h.reports.some((r) => r.type === 'focus'),
        false,
      );
      assert.equal(h.session.reportValidity(), false);
      assert.deepEqual(h.session.form.fieldErrors, {
        'account.accountName': 'required',
        phoneNumber: 'required',
      });
      assert.deepEqual(
        h.reports.findLast((r) => r.type === 'focus'),
        { type: 'focus', target: { field: 'account.accountName' } },
      );
      h.session.setValue('account.accountName', 'Asha Devi');
      h.session.setValue('phoneNumber', '9876543210');
      assert.equal(h.session.checkValidity(), true);
      assert.equal(h.session.reportValidity(), true);
      assert.equal(h.platform.count('createPayin'), 0);
    });

    it('pay-change follows the customer: completeness and choice, once per difference, never for the preset form', async () => {
      // UPIQR asks for nothing: the preset form is complete, and pay-ready comes with no pay-change.
      const h = startSession(
        { paymentMethodCode: 'UPIQR' },
        { getAvailablePaymentOptions: [OPTIONS], getMerchantInfo: [{ channelInfo: { name: 'x' } }] },
      );
      await h.settle();
      assert.equal(h.session.checkValidity(), true);
      assert.deepEqual(h.names(), ['pay-ready']);
      const changes = () =>
        h
          .events()
          .filter((event) => event.name === 'pay-change')
          .map((event) => event.detail);
      h.session.choose('UPICOLLECT');
      h.session.setValue('account.accountName', 'Asha Devi');
      h.session.setValue('phoneNumber', '98765');
      h.session.setValue('phoneNumber', '9876543210');
      h.session.setValue('phoneNumber', '98765432100');
      h.session.setValue('phoneNumber', '');
      h.session.choose('UPIQR');
      assert.deepEqual(changes(), [
        { complete: false, paymentMethodCode: 'UPICOLLECT' },
        { complete: true, paymentMethodCode: 'UPICOLLECT' },
        { complete: false, paymentMethodCode: 'UPICOLLECT' },
        { complete: true, paymentMethodCode: 'UPIQR' },
      ]);
    });
  });

  it('status reads: pay-status on each change, the final event once, and following stops at the final status', async () => {
    const h = startSession(
      {},
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [payin('PROCESSING')],
        getMerchantInfo: [{ channelInfo: { name: 'x' } }],
      },
    );
    await h.settle();
    const source = h.follow.sources[0]!;
    source.options.onResult(payin('PROCESSING'));
    assert.deepEqual(h.names(), ['pay-created', 'pay-status']);
    source.options.onResult(payin('SUCCESS'));
    assert.equal(h.session.state, 'success');
    assert.deepEqual(h.names(), ['pay-created', 'pay-status', 'pay-status', 'pay-success']);
    assert.deepEqual(h.events()[2]!.detail.previousStatus, 'PROCESSING');
    assert.deepEqual(source.stops, ['final']);
    assert.equal(h.follow.countdowns[0]!.deadline, undefined);
    // A late answer cannot undo the final phase or repeat its event.
    source.options.onResult(payin('SUCCESS'));
    source.options.onResult(payin('PROCESSING'));
    assert.equal(h.session.state, 'success');
    assert.equal(h.names().filter((name) => name === 'pay-success').length, 1);
  });

  it('failed reads while following: "not yet" is quiet, an outage is reported once, a fixed error stops', async () => {
    const h = startSession(
      {},
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [payin('PROCESSING')],
        getMerchantInfo: [{ channelInfo: { name: 'x' } }],
      },
    );
    await h.settle();
    const { onError } = h.follow.sources[0]!.options;
    onError(notFound(), true);
    assert.deepEqual(h.session.follow!.problem, { kind: 'checking' });
    assert.equal(h.names().includes('pay-error'), false);
    const down = new PlatformError({ code: 'NETWORK', message: 'down', retryable: true });
    onError(down, true);
    onError(down, true);
    assert.deepEqual(h.session.follow!.problem, { kind: 'connection' });
    // A pay-error goes out once its words are here (word-parts.ts): a moment later.
    await h.settle();
    assert.equal(h.names().filter((name) => name === 'pay-error').length, 1);
    onError(new PlatformError({ code: 'TOKEN_EXPIRED', message: 'expired', httpStatus: 401 }), false);
    assert.deepEqual(h.session.follow!.problem, { kind: 'error', code: 'TOKEN_EXPIRED' });
    await h.settle();
    assert.deepEqual(h.events().at(-1)!.detail, {
      code: 'TOKEN_EXPIRED',
      message: 'This checkout session has expired. Please start the payment again from the shop.',
      httpStatus: 401,
      retryable: false,
    });
    assert.equal(h.session.state, 'pending');
    // A good read clears the problem.
    h.follow.sources[0]!.options.onResult(payin('PROCESSING'));
    assert.equal(h.session.follow!.problem, undefined);
  });

  it('a fresh token for the same payment replaces the client and resumes following stopped by an error', async () => {
    const h = startSession(
      {},
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [payin('PROCESSING')],
        getMerchantInfo: [{ channelInfo: { name: 'x' } }],
      },
    );
    await h.settle();
    const source = h.follow.sources[0]!;
    source.stop!('error');
    assert.equal(h.session.follow!.stopped, 'error');
    const fresh = checkoutToken();
    h.session.useToken(fresh);
    assert.equal(h.platform.tokens.at(-1), fresh);
    assert.equal(h.session.config!.token, fresh);
    assert.equal(source.checks, 1);
    assert.equal(h.session.follow!.stopped, undefined);
  });

  it('expiry while pending: expired, pay-expired once', async () => {
    const h = startSession(
      {},
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [payin('PROCESSING')],
        getMerchantInfo: [{ channelInfo: { name: 'x' } }],
      },
    );
    await h.settle();
    h.follow.countdowns[0]!.expire();
    h.follow.countdowns[0]!.expire();
    assert.equal(h.session.follow!.expired, true);
    assert.equal(h.names().filter((name) => name === 'pay-expired').length, 1);
    assert.equal(h.session.state, 'pending');
  });

  it('the UTR step: 12 digits or an error without a request; sent once, then the payin read from its answer', async () => {
    const h = startSession(
      {},
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [payin('PROCESSING')],
        getMerchantInfo: [{ channelInfo: { name: 'x' } }],
        setExternalReference: [payin('SUCCESS')],
      },
    );
    await h.settle();
    await h.session.follow!.submitReference('1234');
    assert.deepEqual(h.session.follow!.reference, { state: 'error', problem: 'invalid' });
    assert.equal(h.platform.count('setExternalReference'), 0);
    await h.session.follow!.submitReference(' 1234 5678 9012 ');
    assert.equal(h.platform.count('setExternalReference'), 1);
    assert.deepEqual(h.platform.calls.find((call) => call.name === 'setExternalReference')!.args[1], {
      externalReference: { reference: '123456789012' },
    });
    assert.deepEqual(h.session.follow!.reference, { state: 'sent' });
    assert.equal(h.session.state, 'success');
  });

  it('a shop-fixed method that is not offered ends the checkout with PAYMENT_OPERATOR_UNAVAILABLE', async () => {
    const h = startSession(
      { paymentMethodCode: 'PIXQR', optionsAvailable: false },
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [notFound()],
        getMerchantInfo: [{ channelInfo: { name: 'x' } }],
      },
    );
    await h.settle();
    assert.equal(h.session.state, 'error');
    assert.deepEqual(
      h.events().map((event) => [event.name, event.detail.code]),
      [['pay-error', 'PAYMENT_OPERATOR_UNAVAILABLE']],
    );
  });

  it('a start that fails for good is an error the shop can retry; a new session keeps what the customer typed', async () => {
    const h = startSession(
      {},
      {
        getAvailablePaymentOptions: [
          new PlatformError({ code: 'SERVER_ERROR', message: 'down', httpStatus: 503, retryable: true }),
        ],
        getPayin: [notFound()],
        getMerchantInfo: [{ channelInfo: { name: 'x' } }],
      },
    );
    await h.settle();
    assert.equal(h.session.state, 'error');
    assert.deepEqual(h.events()[0]!.detail, {
      code: 'SERVER_ERROR',
      message: 'The payment service had a problem. Please try again.',
      httpStatus: 503,
      retryable: true,
    });

    const first = startSession(
      { paymentMethodCode: 'UPICOLLECT' },
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [notFound()],
        getMerchantInfo: [{ channelInfo: { name: 'x' } }],
      },
    );
    await first.settle();
    first.session.setValue('phoneNumber', '9876543210');
    first.session.dispose();
    const second = startSession(
      {},
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [notFound()],
        getMerchantInfo: [{ channelInfo: { name: 'x' } }],
      },
      { earlier: first.session },
    );
    await second.settle();
    assert.equal(second.session.form.selectedCode, 'UPICOLLECT');
    assert.equal(second.session.form.values.phoneNumber, '9876543210');
  });

  it('a disposed session reports nothing more: a late answer changes no phase and fires no event', async () => {
    let release!: (value: unknown) => void;
    const held = new Promise((resolve) => (release = resolve));
    const h = startSession(
      {},
      {
        getAvailablePaymentOptions: [() => held],
        getPayin: [notFound()],
        getMerchantInfo: [{ channelInfo: { name: 'x' } }],
      },
    );
    h.session.dispose();
    const before = h.reports.length;
    release(OPTIONS);
    await h.settle();
    assert.equal(h.session.state, 'loading');
    assert.equal(h.reports.length, before);
  });

  it('a platform link with an unsafe scheme is reported once per link', async () => {
    const h = startSession(
      {},
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [payin('PROCESSING')],
        getMerchantInfo: [{ channelInfo: { name: 'x' } }],
      },
    );
    await h.settle();
    h.session.follow!.reportUnsafeUrl('javascript:alert(1)');
    h.session.follow!.reportUnsafeUrl('javascript:alert(1)');
    await h.settle();
    const unsafe = h.events().filter((event) => event.detail?.code === 'UNSAFE_URL');
    assert.equal(unsafe.length, 1);
    assert.match(unsafe[0]!.detail.message, /javascript:alert\(1\)/);
  });
});

describe('CheckoutSession with the merchant’s checkout (fetchCheckout)', () => {
  /** The checkout's chunk loads (a dynamic import) before the session asks: wait for the phase, not for time. */
  async function until(h: Harness, state: string) {
    const deadline = Date.now() + 5000;
    while (h.session.state !== state && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    await h.settle();
    assert.equal(h.session.state, state);
  }

  /** The merchant's server: answers {} with a new checkout of order-1 and {handle} with a fresh token. */
  function merchant(options: { refuse?: number } = {}) {
    const asked: unknown[] = [];
    let renewals = 0;
    const fetchCheckout = async (request: { handle?: string; idPayin?: string }) => {
      asked.push(request);
      if (options.refuse) return Response.json({ errorCode: 'NO', message: 'no checkout' }, { status: options.refuse });
      if (request.handle) renewals++;
      // A different exp per answer, so each token is a fresh one.
      const token = fakeJwt({
        merchantCode: 'm',
        exp: now() + 600 + asked.length,
        operations: ['POST /payins/!availablePaymentOptions', 'POST /payins/order-1', 'GET /payins/order-1'],
      });
      return {
        token,
        baseUrl: 'https://platform.test',
        idPayin: 'order-1',
        money: { amount: 60, currencyCode: 'INR' },
        options: OPTIONS,
        merchantName: 'Kit Shop',
        handle: 'handle-1',
      };
    };
    return { fetchCheckout, asked, renewals: () => renewals };
  }

  it('starts from the answer, which wins over the page’s payin-id and name; the handle is kept for the tab', async () => {
    const tab = new Map<string, string>();
    const server = merchant();
    const h = startSession(
      {
        token: undefined,
        payinId: 'page-order',
        merchantName: 'Page Shop',
        fetchCheckout: server.fetchCheckout,
      },
      {},
      { storage: tab },
    );
    await until(h, 'select');
    assert.deepEqual(server.asked, [{}]);
    assert.equal(h.session.state, 'select');
    assert.equal(h.session.config!.idPayin, 'order-1');
    assert.equal(h.session.merchantName, 'Kit Shop');
    // The answer's options: no platform request at all.
    assert.deepEqual(h.platform.calls, []);
    assert.ok([...tab.values()].includes('handle-1'));
    // The tab again: the same checkout, renewed by its handle.
    h.session.dispose();
    const again = startSession(
      { token: undefined, fetchCheckout: server.fetchCheckout },
      { getPayin: [notFound()] },
      { storage: tab },
    );
    await until(again, 'select');
    assert.deepEqual(server.asked.at(-1), { handle: 'handle-1' });
  });

  it('a 4xx other than 429 is CHECKOUT_UNAVAILABLE, with no platform request', async () => {
    const server = merchant({ refuse: 403 });
    const h = startSession({ token: undefined, fetchCheckout: server.fetchCheckout }, {});
    await until(h, 'error');
    const error = h.events().find((event) => event.name === 'pay-error')!.detail;
    assert.equal(error.code, 'CHECKOUT_UNAVAILABLE');
    assert.equal(error.httpStatus, 403);
    assert.deepEqual(h.platform.calls, []);
  });

  it('a read refused for its token (401) while pending: renewed with the handle and read again, no pay-error', async () => {
    const tab = new Map<string, string>([['pay-checkout:started:https://platform.test/ order-1', '1']]);
    const server = merchant();
    const expired = new PlatformError({ code: 'TOKEN_EXPIRED', message: 'expired', httpStatus: 401 });
    const h = startSession(
      { token: undefined, fetchCheckout: server.fetchCheckout },
      { getPayin: [payin('PROCESSING'), expired, payin('SUCCESS')] },
      { storage: tab },
    );
    await until(h, 'pending');
    const first = h.session.config!.token;
    const read = await h.follow.sources[0]!.options.fetchStatus(new AbortController().signal);
    assert.equal(read.status, 'SUCCESS');
    assert.equal(server.renewals(), 1);
    assert.deepEqual(server.asked.at(-1), { handle: 'handle-1', idPayin: 'order-1' });
    assert.notEqual(h.session.config!.token, first);
    assert.equal(h.platform.tokens.at(-1), h.session.config!.token);
    assert.equal(h.names().filter((name) => name === 'pay-error' || name === 'pay-token-expiring').length, 0);
  });

  it('useToken: a token for another payin or a general-privilege token is refused, and the old one stays', async () => {
    const h = startSession(
      {},
      {
        getAvailablePaymentOptions: [OPTIONS],
        getPayin: [payin('PROCESSING')],
        getMerchantInfo: [{ channelInfo: { name: 'x' } }],
      },
    );
    await h.settle();
    const token = h.session.config!.token;
    const broad = fakeJwt({
      merchantCode: 'm',
      exp: now() + 900,
      operations: ['GET /payins/.*', 'POST /payins/.*'],
    });
    assert.equal(h.session.useToken(checkoutToken('order-9')), false);
    assert.equal(h.session.useToken(broad), false);
    assert.equal(h.session.config!.token, token);
    const fresh = fakeJwt({
      merchantCode: 'm',
      exp: now() + 900,
      operations: ['POST /payins/!availablePaymentOptions', 'POST /payins/order-1', 'GET /payins/order-1'],
    });
    assert.equal(h.session.useToken(fresh), true);
    assert.equal(h.platform.tokens.at(-1), fresh);
  });
});
