/**
 * The dashboard acts only through the emulator's HTTP tools under /__sandbox/, as a script or the
 * command would: one request each, and the tool's own message when it refuses.
 */
import type { PaymentKind } from '../model.js';

export class ToolError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Calls a tool; its JSON answer, or a ToolError carrying the tool's message. */
export async function callTool<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ToolError('The emulator did not answer: is it still running?', 0);
  }
  const answer = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
  if (!response.ok) throw new ToolError(answer?.message ?? `The tool answered ${response.status}`, response.status);
  return answer as T;
}

/** Which payment, for the tools: its kind and merchant always, so an id shared by two is never ambiguous. */
export interface PaymentRef {
  kind: PaymentKind;
  merchantCode: string;
  id: string;
}

export const paymentPath = (ref: PaymentRef, action = '') =>
  `/__sandbox/payments/${encodeURIComponent(ref.id)}${action ? `/${action}` : ''}`;

export const paymentQuery = (ref: PaymentRef) =>
  `?${new URLSearchParams({ kind: ref.kind, merchantCode: ref.merchantCode })}`;

export const which = (ref: PaymentRef) => ({ kind: ref.kind, merchantCode: ref.merchantCode });
