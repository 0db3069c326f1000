/**
 * Starting the sandbox emulator in-process for tests (port 0, no log, fast settling), with the
 * real merchant helper signing token requests with the committed demo key.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMerchantBackend, type MerchantBackendOptions } from '../../demo/merchant/backend.js';
import {
  createSandbox,
  DEMO_MERCHANT_CODE,
  DEMO_PRIVATE_KEY,
  MAX_VALIDITY_SECS,
  type SandboxOptions,
} from 'pay-checkout-sandbox';
import { createTokenIssuer } from '../../src/server/index.js';
import { createClient } from '../../src/api/client.js';
import { fieldRulesFor, isRequired, methodCodesFor, type TablePayinMethodCode } from '../../src/api/index.js';
import { sampleValue, setField } from './samples.js';

export const demoPrivateKey = DEMO_PRIVATE_KEY;
export { DEMO_MERCHANT_CODE };

/** A callback URL nothing listens on: tests that need no callbacks delivered give the platform this. */
export const UNREACHED_CALLBACK_URL = 'http://127.0.0.1:9/api/callbacks';

/** The demo merchant's backend in-process, against `platformUrl`, signing with the committed demo key. */
export function demoMerchantBackend(platformUrl: string, options: Partial<MerchantBackendOptions> = {}) {
  return createMerchantBackend({
    platformUrl,
    merchantCode: DEMO_MERCHANT_CODE,
    privateKey: demoPrivateKey,
    callbackUrl: () => UNREACHED_CALLBACK_URL,
    ...options,
  });
}

export async function startSandbox(options: SandboxOptions = {}) {
  const sandbox = await createSandbox({
    port: 0,
    log: false,
    rateLimit: false,
    settleDelayMs: 40,
    callbackRetry: { baseDelayMs: 20 },
    ...options,
  });
  const issuer = createTokenIssuer({
    baseUrl: sandbox.url,
    merchantCode: DEMO_MERCHANT_CODE,
    privateKey: demoPrivateKey,
  });
  /**
   * A token with general privileges over every platform endpoint (merchant-side use). It lives in
   * sandbox time, which tests move on by hours and days: it lasts the longest the emulator grants
   * (a day), and is minted again once sandbox time comes within a minute of its expiry.
   */
  const mintAdmin = () =>
    issuer.withOperations({ operations: ['GET /.*', 'POST /.*'], validitySecs: MAX_VALIDITY_SECS });
  let adminToken = await mintAdmin();
  let adminExpiresAt = sandbox.clock.now() + (MAX_VALIDITY_SECS - 60) * 1000;
  async function currentAdminToken(): Promise<string> {
    if (sandbox.clock.now() >= adminExpiresAt) {
      adminToken = await mintAdmin();
      adminExpiresAt = sandbox.clock.now() + (MAX_VALIDITY_SECS - 60) * 1000;
    }
    return adminToken;
  }

  /** A raw request: full control over headers and body, answer parsed when JSON. */
  async function raw(
    method: string,
    path: string,
    init: {
      token?: string | null;
      body?: unknown;
      text?: string;
      headers?: Record<string, string>;
      version?: string | null;
    } = {},
  ) {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      ...init.headers,
    };
    const version = init.version === undefined ? '2' : init.version;
    if (version !== null) headers['X-API-Version'] = version;
    const token = init.token === undefined ? await currentAdminToken() : init.token;
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(sandbox.url + path, {
      method,
      headers,
      body: init.text ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    const text = await response.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  /** The client's requests with the admin token as it is now (the one the client was made with may have expired). */
  const withCurrentAdmin: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${await currentAdminToken()}`);
    return fetch(input, { ...init, headers });
  };

  return {
    sandbox,
    issuer,
    /** The admin token as last minted (raw() and client() mint it again when it is due). */
    get adminToken() {
      return adminToken;
    },
    raw,
    client: (token?: string) =>
      createClient({
        baseUrl: sandbox.url,
        token: token ?? adminToken,
        fetch: token ? undefined : withCurrentAdmin,
      }),
    advance: (seconds: number) => raw('POST', '/__sandbox/clock/advance', { body: { seconds } }),
  };
}
export type TestSandbox = Awaited<ReturnType<typeof startSandbox>>;

/**
 * A method object for a code and currency with every mandatory field filled with a valid sample,
 * and the first offered operator where one is mandatory (the samples' operator is not offered).
 */
export function completeMethod(code: string, currencyCode: string, operatorCode?: string): Record<string, unknown> {
  const method: Record<string, unknown> = { paymentMethodCode: code };
  for (const rule of fieldRulesFor(code, currencyCode)) {
    if (!isRequired(rule, currencyCode)) continue;
    if (rule.field === 'paymentOperatorCode') continue;
    setField(method, rule.field, sampleValue(rule.field, code, currencyCode));
  }
  if (operatorCode) method.paymentOperatorCode = operatorCode;
  return method;
}

/** Every (code, currency) pair of the method table. */
export function tablePairs(currencies: readonly string[]): [TablePayinMethodCode, string][] {
  return currencies.flatMap((currency) =>
    methodCodesFor(currency).map((code): [TablePayinMethodCode, string] => [code, currency]),
  );
}

export interface ReceivedCallback {
  body: unknown;
  headers: IncomingMessage['headers'];
}

/** A callback receiver on a free port; `failFirst` answers 500 that many times before 200. */
export async function startReceiver(failFirst = 0) {
  const received: ReceivedCallback[] = [];
  const waiters: (() => void)[] = [];
  let failures = 0;
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      received.push({ body: JSON.parse(text || 'null'), headers: request.headers });
      if (failures < failFirst) {
        failures++;
        response.writeHead(500).end('try again');
      } else {
        response.writeHead(200).end('ok');
      }
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  return {
    url,
    received,
    /** Resolves once `count` requests arrived (or rejects after timeoutMs). */
    async waitFor(count: number, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} callbacks, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Long enough that nothing settles by itself: tests move the sandbox clock instead. */
export const SETTLE_MS = 60_000;
export const SETTLE_SECS = SETTLE_MS / 1000 + 1;

let counter = 0;
/** A fresh id for each payment a test creates. */
export const newId = (prefix = 'o') => `${prefix}-${++counter}-${Date.now().toString(36)}`;

/** A payin create request: the money and a method object (UPI QR unless given). */
export function payin(
  amount: number,
  currencyCode = 'INR',
  method: Record<string, unknown> = { paymentMethodCode: 'UPIQR' },
  extra: Record<string, unknown> = {},
) {
  return { paymentRequested: { money: { amount, currencyCode } }, paymentMethod: method, ...extra };
}

export async function createPayin(t: TestSandbox, body: unknown, id = newId()) {
  const answer = await t.raw('POST', `/payins/${encodeURIComponent(id)}`, { body });
  return { id, ...answer };
}

export const getPayin = (t: TestSandbox, id: string) => t.raw('GET', `/payins/${encodeURIComponent(id)}`);

/** The fields a 400 answer names, sorted. */
export const fieldsOf = (answer: { json: { details?: { field: string }[] } }) =>
  (answer.json.details ?? []).map((d) => d.field).sort();
