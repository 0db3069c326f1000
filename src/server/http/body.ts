/**
 * Reading a Web `Request`'s JSON body with a size bound, without buffering what lies beyond it:
 * one way for the status relay, the sandbox emulator and a merchant's own routes. A body too large
 * is 413 (and the connection is closed: its unread rest cannot carry another request); one that is
 * not UTF-8, empty or not JSON is 400 MALFORMED_JSON.
 */
import { HttpError } from './error.js';

/** `64 KiB`, or `1000 bytes` for a bound that is not a whole number of KiB. */
const sizeOf = (bytes: number) => (bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`);

/**
 * The body as UTF-8 text, as it was sent (a signature covers exactly those bytes). HttpError 413
 * beyond `maxBytes`, declared or read (the rest is never read); 400 for bytes that are not UTF-8.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = () =>
    new HttpError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${sizeOf(maxBytes)}`, {
      headers: { Connection: 'close' },
    });
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'MALFORMED_JSON', 'The request body is not valid UTF-8');
  }
}

/** A JSON value from the body's text; an empty body or anything that is not JSON is 400 MALFORMED_JSON. */
export function parseJson(text: string): unknown {
  if (text.trim() === '')
    throw new HttpError(400, 'MALFORMED_JSON', 'The request body is empty; a JSON object is expected');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, 'MALFORMED_JSON', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}

/** readBodyText, then parseJson. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  return parseJson(await readBodyText(request, maxBytes));
}
