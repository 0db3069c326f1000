/**
 * The key type of the runtime's Web Crypto, named through the global `crypto` that every runtime
 * with Web Crypto declares: the DOM's CryptoKey in a project typed for browsers, node's
 * webcrypto.CryptoKey in a Node-only one (whose lib has no global CryptoKey type), a worker
 * runtime's own. The published declarations of `pay-checkout/server` name keys only through this
 * alias: the global CryptoKey fails to compile in a Node-only project (TS2304), and under
 * skipLibCheck it silently turns the key parameters into `any`.
 */
export type WebCryptoKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
