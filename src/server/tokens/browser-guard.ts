/**
 * pay-checkout/server holds the merchant's private key or secret, which every visitor of a page
 * could read: it refuses to mint or sign in a browser, before any request is sent.
 */

/** The globals the check reads; a parameter so that each runtime's shape can be tested. */
type GlobalScope = typeof globalThis & Record<string, unknown>;

/**
 * Whether code runs in a browser: a page with a DOM, or a browser's web worker. Server runtimes
 * are recognised first, since some carry browser-like globals: Node and Bun (also with jsdom or
 * happy-dom installed as globals in tests), Deno, Cloudflare Workers, and the Vercel/Next.js edge
 * runtime. A worker counts only when it can `importScripts`, as browser workers can and edge
 * runtimes that borrow the `WorkerGlobalScope` name cannot.
 */
export function runsInBrowser(scope: GlobalScope = globalThis as GlobalScope): boolean {
  const versions = scope.process?.versions;
  const server =
    Boolean(versions?.node || versions?.bun) ||
    scope.Deno !== undefined ||
    scope.Bun !== undefined ||
    typeof scope.EdgeRuntime === 'string' ||
    scope.navigator?.userAgent === 'Cloudflare-Workers';
  if (server) return false;
  const page = typeof scope.document === 'object' && scope.document !== null;
  const worker =
    typeof scope.WorkerGlobalScope === 'function' &&
    scope instanceof scope.WorkerGlobalScope &&
    typeof scope.importScripts === 'function';
  return page || worker;
}

/** Throws a TypeError naming the function refused, when running in a browser. */
export function refuseInBrowser(name: string, scope?: GlobalScope): void {
  if (!runsInBrowser(scope)) return;
  throw new TypeError(
    `pay-checkout/server: ${name} refuses to run in a browser. It needs the merchant's private key or secret, which every visitor could read there. ` +
      'Mint the token on your server (createTokenIssuer in Node, Deno, Bun or an edge runtime) and give the page only the payment-scoped token.',
  );
}
