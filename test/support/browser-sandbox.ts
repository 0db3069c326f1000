/**
 * Browser tests against the real sandbox emulator (started by test/support/sandbox-plugin.mjs):
 * its URL, tokens minted the way a merchant backend does (the package's own server helper, signing
 * with the demo merchant's key — Web Crypto runs in the browser too), and a recording fetch.
 */
import { createTokenIssuer, checkoutOperations } from '../../src/server/index.js';

let url: Promise<string> | undefined;
export function sandboxUrl(): Promise<string> {
  url ??= fetch('/__test/sandbox').then((r) => r.json()).then((body: { url: string }) => body.url);
  return url;
}

let pem: Promise<string> | undefined;
export async function mintToken(idPayin: string, options: { money?: { amount: number; currencyCode: string }; merchantInfo?: boolean; externalReference?: boolean } = {}): Promise<string> {
  pem ??= fetch('/demo/keys/demo-merchant.pem').then((r) => r.text());
  const issuer = createTokenIssuer({ baseUrl: await sandboxUrl(), merchantCode: 'demo-merchant', privateKey: await pem });
  if (options.merchantInfo || options.externalReference) {
    return issuer.withOperations({ operations: checkoutOperations(idPayin, options), money: options.money });
  }
  return issuer.byAction({ action: 'PAYIN_CREATE', idPayment: idPayin, money: options.money });
}

export const uniqueId = (prefix = 'o') => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Records every request the page sends (bodies parsed), passing it through to the network. */
export function recordFetch() {
  const requests: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = [];
  const original = window.fetch;
  window.fetch = (input, init = {}) => {
    const target = new URL(String(input), location.href);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    requests.push({ method: init.method ?? 'GET', path: decodeURIComponent(target.pathname), body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined, headers });
    return original(input, init);
  };
  return { requests, restore: () => (window.fetch = original) };
}

export async function advanceClock(seconds: number): Promise<void> {
  await fetch(`${await sandboxUrl()}/__sandbox/clock/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ seconds }) });
}
