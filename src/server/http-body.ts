/**
 * Reading a Web `Request` body with a size bound, without buffering what lies beyond it: shared by
 * the status relay (`pay-checkout/server`) and the sandbox emulator, each of which turns the
 * failure into its own JSON error.
 */

export class BodyReadError extends Error {
  constructor(
    /** `too-large`: more than the bound (declared or read); `not-utf8`: bytes that are not UTF-8. */
    readonly reason: 'too-large' | 'not-utf8',
    message: string,
  ) {
    super(message);
  }
}

/** The body as UTF-8 text; a BodyReadError beyond `maxBytes` (the rest is never read) or for bad UTF-8. */
export async function readBoundedText(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = () => new BodyReadError('too-large', `The body is larger than ${maxBytes} bytes`);
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
    throw new BodyReadError('not-utf8', 'The body is not valid UTF-8');
  }
}
