/**
 * A scripted fake of the platform for browser tests: it replaces window.fetch, records every
 * request, and answers each `METHOD path` from a queue (the last answer repeats). Answers may be
 * delayed or held until released, to test ordering, parallelism and in-flight behaviour.
 */
import { fakeJwt } from './jwt.js';

export const BASE_URL = 'https://platform.test/api';

export interface PlatformRequest {
  method: string;
  path: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
  at: number;
}

export type Answer =
  | {
      status?: number;
      body?: unknown;
      text?: string;
      headers?: Record<string, string>;
      delayMs?: number;
      hold?: Promise<void>;
    }
  | 'network-error';

export class FakePlatform {
  readonly requests: PlatformRequest[] = [];
  private readonly routes = new Map<string, Answer[]>();
  private original?: typeof fetch;

  /** Scripts the answers for `METHOD path` (path without the base URL). */
  on(method: string, path: string, ...answers: Answer[]): this {
    this.routes.set(`${method} ${path}`, answers);
    return this;
  }

  count(method: string, path: string): number {
    return this.requests.filter((request) => request.method === method && request.path === path).length;
  }

  install(): this {
    // A fresh platform, a fresh tab: no payin was started in this browser yet.
    for (const key of Object.keys(sessionStorage))
      if (key.startsWith('pay-checkout:started:')) sessionStorage.removeItem(key);
    this.original = window.fetch;
    window.fetch = (input, init) => this.handle(input, init);
    return this;
  }

  restore(): void {
    if (this.original) window.fetch = this.original;
  }

  private async handle(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(String(input));
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    const method = init.method ?? 'GET';
    const path = decodeURIComponent(url.pathname.replace(new URL(BASE_URL).pathname, '')) + url.search;
    this.requests.push({
      method,
      path,
      url,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      at: performance.now(),
    });
    const queue = this.routes.get(`${method} ${path}`);
    const answer = queue
      ? queue.length > 1
        ? queue.shift()!
        : queue[0]!
      : { status: 404, body: { errorCode: 'NOT_FOUND', message: `no route ${method} ${path}` } };
    const signal = init.signal;
    const aborted = () => Promise.reject(signal?.reason ?? new DOMException('aborted', 'AbortError'));
    if (signal?.aborted) return aborted();
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const delay = answer === 'network-error' ? 0 : (answer.delayMs ?? 0);
      const hold = answer === 'network-error' ? undefined : answer.hold;
      (hold ?? Promise.resolve()).then(() => setTimeout(done, delay));
    });
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const text = answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
    return new Response(text, {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  }
}

/** A deferred promise, to hold an answer until the test releases it. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

export const IN_A_MINUTE = () => new Date(Date.now() + 60_000).toISOString();

/** A payment-scoped token as the platform issues for PAYIN_CREATE (plus optional operations). */
export function checkoutToken(idPayin = 'order-1', extra: Record<string, unknown> = {}, operations?: string[]): string {
  return fakeJwt({
    merchantCode: 'demo-merchant',
    action: 'PAYIN_CREATE',
    idPayment: idPayin,
    operations: operations ?? [
      'POST /payins/!availablePaymentOptions',
      `POST /payins/${idPayin}`,
      `GET /payins/${idPayin}`,
      'GET /merchant-info',
    ],
    exp: Math.floor(Date.now() / 1000) + 1800,
    iat: Math.floor(Date.now() / 1000),
    ...extra,
  });
}

export const OPTIONS_INR = {
  data: [
    { paymentMethodCode: 'UPIQR', paymentOperators: [] },
    {
      paymentMethodCode: 'NETBANKING',
      paymentOperators: [
        { code: 'HDFC', name: 'HDFC Bank' },
        { code: 'SBI', name: 'State Bank of India' },
      ],
    },
    { paymentMethodCode: 'UPICOLLECT', paymentOperators: [] },
  ],
};

export function payinResponse(overrides: Record<string, unknown> = {}, method: Record<string, unknown> = {}) {
  return {
    paymentRequested: { money: { amount: 100, currencyCode: 'INR' } },
    idPayment: 'PAY-1',
    paymentMethodResponse: {
      idPayin: 'order-1',
      paymentMethodCode: 'UPIQR',
      money: { amount: 100, currencyCode: 'INR' },
      reference: 'REF-12345',
      acceptedAt: new Date().toISOString(),
      expireAt: IN_A_MINUTE(),
      upiQrDeepLink: 'upi://pay?pa=demo@bank&pn=Demo&am=100.00&cu=INR&tr=REF-12345',
      ...method,
    },
    ...overrides,
  };
}
