/**
 * Base64 and base64url between bytes and text, with the runtime's own atob and btoa, which every
 * browser, Node 20 and edge runtime has: tokens, signatures, PEM bodies and checkout handles all
 * go through here.
 */

/** Standard base64, padded. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The bytes of standard base64 (padding optional); throws on anything else. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

/** base64url (RFC 4648 §5), unpadded, as JWTs and checkout handles use it. */
export const toBase64url = (bytes: Uint8Array) =>
  toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The bytes of unpadded base64url; throws on any character outside its alphabet. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new TypeError('not base64url');
  return fromBase64(text.replace(/-/g, '+').replace(/_/g, '/'));
}
