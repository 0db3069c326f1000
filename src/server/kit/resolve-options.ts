/**
 * `createCheckoutBackend`'s options checked at creation: a mistake in the merchant's configuration
 * is a TypeError naming the option, before any request is served.
 */
import { MAX_AMOUNT } from '../../api/money.js';
import { importPrivateKey } from '../tokens/issuer.js';
import { MIN_HANDLE_SECRET_BYTES, TOKEN_SCOPES, type TokenScope } from './handle.js';
import type { CheckoutBackendOptions } from './options.js';

/** The options, checked and with their defaults. */
export interface ResolvedOptions {
  platformUrl: string;
  apiVersion: string;
  prefix: string;
  maxAmount: number;
  tokenValiditySecs: number;
  tokenScope: TokenScope;
  provideOptions: boolean;
  concurrentMints: number;
  maxQueue: number;
  handleValiditySecs: number;
  minReadGapMs: number;
  pollReadAfterMs: number;
  pollReadGapMs: number;
  merchantName?: string;
}

const fail = (message: string): never => {
  throw new TypeError(`createCheckoutBackend: ${message}`);
};

function integer(
  options: CheckoutBackendOptions,
  name: keyof CheckoutBackendOptions,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = options[name] ?? fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    fail(`${name} must be a whole number from ${min} to ${max}`);
  return value as number;
}

function absoluteHttpUrl(value: unknown, name: string): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    fail(`${name} must be an absolute http(s) URL, such as https://shop.example/pay/callbacks`);
  return String(value);
}

const STORE_METHODS = [
  'remember',
  'recall',
  'lastPayin',
  'setLastPayin',
  'requestRead',
  'acquireReadLock',
  'extendReadLock',
  'takeReadRequest',
  'releaseReadLock',
] as const;
const BUS_METHODS = ['publish', 'subscribe', 'close'] as const;
const HOOKS = ['onPaymentUpdate', 'onPaymentRead', 'onPayinUpdate', 'onPayinRead', 'onTopUpUpdate'] as const;
const isFunction = (value: unknown) => typeof value === 'function';

export function resolveOptions(options: CheckoutBackendOptions): ResolvedOptions {
  if (!options || typeof options !== 'object')
    fail('needs options: { platformUrl, merchantCode, privateKey, order, callbackUrl, … }');
  const platformUrl = absoluteHttpUrl(options.platformUrl, 'platformUrl').replace(/\/+$/, '');
  if (typeof options.merchantCode !== 'string' || options.merchantCode.trim() === '')
    fail('merchantCode must be your merchant ID, a non-empty string');
  if (options.privateKey === undefined && options.secret === undefined)
    fail('needs a privateKey (preferred) or a secret to sign token requests');
  // A PEM that is not PKCS#8 throws here, with the openssl line that converts it.
  if (typeof options.privateKey === 'string') {
    try {
      importPrivateKey(options.privateKey).catch(() => {});
    } catch (error) {
      fail(`privateKey: ${(error as Error).message}`);
    }
  } else if (
    options.privateKey !== undefined &&
    (typeof options.privateKey !== 'object' || options.privateKey === null)
  )
    fail('privateKey must be a PKCS#8 PEM string or an imported key');
  if (options.secret !== undefined && (typeof options.secret !== 'string' || options.secret === ''))
    fail('secret must be a non-empty string');
  const apiVersion = options.apiVersion ?? '2';
  if (typeof apiVersion !== 'string' || !/^\d+$/.test(apiVersion))
    fail('apiVersion must be the major version as a string, such as "2"');
  const prefix = (options.prefix ?? '').replace(/\/+$/, '');
  if (typeof options.prefix !== 'undefined' && typeof options.prefix !== 'string')
    fail('prefix must be a path such as "/pay"');
  if (prefix !== '' && !/^\/[^\s?#]*$/.test(prefix))
    fail(`prefix must be a path starting with "/", such as "/pay" (got ${JSON.stringify(options.prefix)})`);
  if (!isFunction(options.order))
    fail(
      'order must be a function of the request returning { idPayin, money, customer? } (or a Response that refuses)',
    );
  for (const name of HOOKS)
    if (options[name] !== undefined && !isFunction(options[name])) fail(`${name} must be a function`);
  if (options.onPaymentUpdate && (options.onPayinUpdate || options.onTopUpUpdate))
    fail('give onPaymentUpdate, or the deprecated onPayinUpdate and onTopUpUpdate, not both');
  if (options.onPaymentRead && options.onPayinRead) fail('give onPaymentRead, or the deprecated onPayinRead, not both');
  if (options.relay?.onCallback !== undefined && !isFunction(options.relay.onCallback))
    fail('relay.onCallback must be a function');
  if (typeof options.callbackUrl === 'string') absoluteHttpUrl(options.callbackUrl, 'callbackUrl');
  else if (!isFunction(options.callbackUrl))
    fail(
      'callbackUrl must be an absolute http(s) URL the platform can reach, or a function of the request returning one',
    );
  let merchantName: string | undefined;
  if (options.merchantName !== undefined) {
    merchantName = typeof options.merchantName === 'string' ? options.merchantName.trim() : '';
    if (merchantName === '' || merchantName.length > 200)
      fail("merchantName must be the shop's name, 1 to 200 characters");
  }
  const maxAmount = options.maxAmount ?? MAX_AMOUNT;
  if (typeof maxAmount !== 'number' || !(maxAmount > 0) || maxAmount > MAX_AMOUNT)
    fail(`maxAmount must be a number above 0 and at most ${MAX_AMOUNT}`);
  const tokenScope = options.tokenScope ?? 'checkout';
  if (!TOKEN_SCOPES.includes(tokenScope))
    fail(`tokenScope must be one of ${TOKEN_SCOPES.map((scope) => `"${scope}"`).join(', ')}`);
  if (options.provideOptions !== undefined && typeof options.provideOptions !== 'boolean')
    fail('provideOptions must be true or false');
  if (options.handleSecret !== undefined) {
    const bytes =
      typeof options.handleSecret === 'string'
        ? new TextEncoder().encode(options.handleSecret).length
        : options.handleSecret instanceof Uint8Array
          ? options.handleSecret.length
          : -1;
    if (bytes < MIN_HANDLE_SECRET_BYTES)
      fail(
        `handleSecret must be a string or bytes of at least ${MIN_HANDLE_SECRET_BYTES} bytes (a random one: openssl rand -base64 32)`,
      );
  }
  if (
    options.store !== undefined &&
    !STORE_METHODS.every((method) => isFunction((options.store as unknown as Record<string, unknown>)?.[method]))
  ) {
    fail(
      `store must be a CheckoutStore (memoryCheckoutStore(), redisCheckoutStore({ url }) or one with ${STORE_METHODS.join(', ')})`,
    );
  }
  if (
    options.bus !== undefined &&
    !BUS_METHODS.every((method) => isFunction((options.bus as unknown as Record<string, unknown>)?.[method]))
  ) {
    fail('bus must be a StatusBus: memoryBus() or redisBus({ url })');
  }
  for (const name of ['log', 'fetch', 'now'] as const)
    if (options[name] !== undefined && !isFunction(options[name])) fail(`${name} must be a function`);
  const [minReadGapMs, pollReadAfterMs, pollReadGapMs] = (
    [
      ['minReadGapMs', 1000],
      ['pollReadAfterMs', 60_000],
      ['pollReadGapMs', 2000],
    ] as const
  ).map(([name, fallback]) => {
    const value = options[name] ?? fallback;
    if (typeof value !== 'number' || !(value >= 0) || !Number.isFinite(value))
      fail(`${name} must be a number of milliseconds, 0 or more`);
    return value;
  }) as [number, number, number];
  return {
    platformUrl,
    apiVersion,
    prefix,
    maxAmount,
    tokenValiditySecs: integer(options, 'tokenValiditySecs', 1800, 60, 86_400),
    tokenScope,
    provideOptions: options.provideOptions ?? true,
    concurrentMints: integer(options, 'concurrentMints', 4, 1, 64),
    maxQueue: integer(options, 'maxQueue', 300, 0, 100_000),
    handleValiditySecs: integer(options, 'handleValiditySecs', 72 * 3600, 60, 30 * 86_400),
    minReadGapMs,
    pollReadAfterMs,
    pollReadGapMs,
    ...(merchantName ? { merchantName } : {}),
  };
}
