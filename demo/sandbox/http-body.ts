/**
 * Reading a request body as the platform would: at most 64 KiB (413 beyond, without buffering the
 * rest), UTF-8, a JSON value. The raw text is kept because a signature covers exactly the bytes
 * that were sent.
 */
import { ApiError } from './errors.js';

export const MAX_BODY_BYTES = 64 * 1024;

// The rest of the body is never read, so the connection cannot carry another request: close it,
// or a keep-alive client reuses a socket the server is about to drop.
const tooLarge = () =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB`, undefined, { Connection: 'close' });

export async function readBodyText(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
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
    throw new ApiError(400, 'MALFORMED_JSON', 'The request body is not valid UTF-8');
  }
}

/** Parses a JSON body; an empty body or anything that is not JSON is 400 MALFORMED_JSON. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') throw new ApiError(400, 'MALFORMED_JSON', 'The request body is empty; a JSON object is expected');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, 'MALFORMED_JSON', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}
