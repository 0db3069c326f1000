/**
 * Merchants the emulator knows. The demo merchant of CONTRACT §2 is always there; its key pair is
 * committed under demo/keys/ and is demo-only. Tests and CI can add merchants of their own.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CURRENCIES, roundAmount } from './catalog.js';

export const DEMO_MERCHANT_CODE = 'demo-merchant';
export const DEMO_MERCHANT_SECRET = 'demo-secret';
export const DEMO_CHANNEL_NAME = 'Demo Shop';

/**
 * A file of the repository, looked for upwards from this module: the emulator also runs bundled
 * from elsewhere (the browser tests' runner bundles it under node_modules/.cache).
 */
function repositoryFile(relativePath: string): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, relativePath);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return join(process.cwd(), relativePath);
  }
}

export const DEMO_PRIVATE_KEY_PATH = repositoryFile('demo/keys/demo-merchant.pem');
export const DEMO_PUBLIC_KEY_PATH = repositoryFile('demo/keys/demo-merchant.pub.pem');

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
    publicKeys: [readFileSync(DEMO_PUBLIC_KEY_PATH, 'utf8')],
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
