/** The JSON body of a tool's request: 413 beyond the bound, 400 when it is not JSON; none at all is `{}`. */
import type { Context } from 'hono';
import { parseJson, readBodyText } from '../shared.js';
import { MAX_BODY_BYTES } from '../platform/checks.js';

export async function toolBody(c: Context): Promise<unknown> {
  const text = await readBodyText(c.req.raw, MAX_BODY_BYTES);
  return text.trim() === '' ? {} : parseJson(text);
}
