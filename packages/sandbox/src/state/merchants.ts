/**
 * Merchants the emulator knows. The demo merchant is always there; its key pair
 * (demo-keys.ts, also demo/keys/) is demo-only. Tests and CI can add merchants of their own.
 */
import { CURRENCIES, roundAmount } from '../platform/methods/catalog.js';
import { DEMO_PUBLIC_KEY } from './demo-keys.js';

export const DEMO_MERCHANT_CODE = 'demo-merchant';
export const DEMO_MERCHANT_SECRET = 'demo-secret';
export const DEMO_CHANNEL_NAME = 'Demo Shop';

export interface MerchantConfig {
  merchantCode: string;
  /** Current merchant secrets (deprecated authentication). */
  secrets?: string[];
  /** SPKI PEM public keys that X-SIGNATURE is checked against. */
  publicKeys?: string[];
  /** The channel name of GET /merchant-info. */
  channelName?: string;
  /** Opening balances per currency; every known currency gets the equivalent of 10 000 USD otherwise. */
  balances?: Record<string, number>;
}

export interface Merchant {
  merchantCode: string;
  secrets: readonly string[];
  publicKeys: readonly string[];
  channelName: string;
  openingBalances: Readonly<Record<string, number>>;
}

export const defaultOpeningBalances = (): Record<string, number> =>
  Object.fromEntries(CURRENCIES.map((c) => [c.code, roundAmount(10_000 * c.perUsd, c.code)]));

export function demoMerchantConfig(): MerchantConfig {
  return {
    merchantCode: DEMO_MERCHANT_CODE,
    secrets: [DEMO_MERCHANT_SECRET],
    publicKeys: [DEMO_PUBLIC_KEY],
    channelName: DEMO_CHANNEL_NAME,
  };
}

export function createMerchantRegistry(configs: readonly MerchantConfig[]) {
  const merchants = new Map<string, Merchant>();
  for (const config of configs) {
    merchants.set(config.merchantCode, {
      merchantCode: config.merchantCode,
      secrets: config.secrets ?? [],
      publicKeys: config.publicKeys ?? [],
      channelName: config.channelName ?? config.merchantCode,
      openingBalances: config.balances ?? defaultOpeningBalances(),
    });
  }
  return {
    get: (merchantCode: string) => merchants.get(merchantCode),
    all: () => [...merchants.values()],
  };
}
export type MerchantRegistry = ReturnType<typeof createMerchantRegistry>;
