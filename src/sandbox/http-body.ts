/**
 * Reading a request body as the platform would: at most 64 KiB (413 beyond, without buffering the
 * rest), UTF-8, a JSON value. The raw text is kept because a signature covers exactly the bytes
 * that were sent.
 */
import { BodyReadError, readBoundedText } from '../server/http-body.js';
import { ApiError } from './errors.js';

export const MAX_BODY_BYTES = 64 * 1024;

// The rest of the body is never read, so the connection cannot carry another request: close it,
// or a keep-alive client reuses a socket the server is about to drop.
const tooLarge = () =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB`, undefined, { Connection: 'close' });

export async function readBodyText(request: Request): Promise<string> {
  try {
    return await readBoundedText(request, MAX_BODY_BYTES);
  } catch (error) {
    if (!(error instanceof BodyReadError)) throw error;
    if (error.reason === 'too-large') throw tooLarge();
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
