/**
 * `GET {prefix}/payins/{idPayin}/status?handle=…` (a top-up's under `/topups/{idTopUp}/`): a
 * payment's status for its checkout's element when it has no status stream (a proxy that buffers
 * Server-Sent Events, a host that cannot hold a connection open, a page that leaves the stream
 * out). The answer comes from the kit's store: the last payment read after a callback, as the
 * authorized stream carries it (`{"payin": …}` or `{"topUp": …}`), or `{}` before the first read.
 * It costs the platform nothing, so any number of shoppers may poll, on any instance.
 *
 * - Every answer has an `ETag`, and an `If-None-Match` that holds it gets 304: polling a payment
 *   that has not changed costs a header. `Cache-Control: no-store`: the answer is a shopper's
 *   payment and its URL carries the handle, so no cache, shared or the browser's, keeps it; the
 *   element revalidates by itself.
 * - The checkout's handle authorizes: 400 without one, 403 for a handle that is not this
 *   payment's (a stranger's, another payment's or kind's, an expired one).
 * - The safety net for a callback that never comes (a wrong callbackUrl, a platform that stays
 *   silent): when the kit's last read of a pending payment is older than `pollReadAfterMs`, a poll
 *   asks for a read as a callback does (one read at a time, across instances, by the store's read
 *   lock). The store lets one poll in `pollReadAfterMs` take it, and one payment's in
 *   `pollReadGapMs` for the whole merchant, so however many payments wait, the safety net takes a
 *   bounded share of the platform's limit; it also yields while checkouts wait for their tokens.
 *   The read goes to the streams, the hooks and the store, and the next poll answers with it.
 */
import { toBase64url } from '../../api/base64.js';
import { isFinalStatus, type PayinStatus } from '../../api/schemas/payin.js';
import { HttpError, invalidRequest, jsonResponse, methodNotAllowed } from '../http/error.js';
import type { BusLog } from '../shared/log.js';
import { invalidId, isPaymentId, KIND_WORDS, subjectOf, type PaymentKind } from '../shared/payment-kind.js';
import type { CheckoutStore } from '../stores/checkout-store.js';
import type { CheckoutHandles } from './handle.js';
import { DATA_KEYS, type PaymentReader } from './payment-reader.js';

export interface StatusPollParts {
  handles: CheckoutHandles;
  store: CheckoutStore;
  reader: Pick<PaymentReader, 'follow'>;
  /** The CORS headers of the page asking, or a 403 HttpError for an origin that is not allowed. */
  cors(request: Request): Record<string, string>;
  /** A store call whose failure is 503, never a 500. */
  remembered<T>(call: () => Promise<T>): Promise<T>;
  /** True while checkouts wait for their tokens on this instance: the safety net yields to them. */
  busy(): boolean;
  pollReadAfterMs: number;
  pollReadGapMs: number;
  log: BusLog;
}

export interface StatusPollStats {
  /** Status polls answered, 200 or 304. */
  polls: number;
  /** Of those, answered 304 (nothing changed since the poller's ETag). */
  notModified: number;
  /** Reads asked for by polls, the kit's own read being old (the safety net). */
  pollReads: number;
}

const forbidden = (message: string) => new HttpError(403, 'FORBIDDEN', message);
const encoder = new TextEncoder();

/** A strong ETag of the answer's bytes: 128 bits of its SHA-256. */
async function etagOf(body: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(body)));
  return `"${toBase64url(digest.subarray(0, 16))}"`;
}

/** Whether `If-None-Match` holds this ETag (the weak comparison RFC 9110 gives this header), or is `*`. */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  return (ifNoneMatch ?? '').split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** The status of a payment the store holds as JSON. */
function statusOf(json: string): PayinStatus | undefined {
  try {
    return (JSON.parse(json) as { status?: PayinStatus }).status;
  } catch {
    return undefined;
  }
}

export function createStatusPolls(parts: StatusPollParts) {
  const { store, log } = parts;
  const stats: StatusPollStats = { polls: 0, notModified: 0, pollReads: 0 };

  /** Throws the 400 or 403 of a poll whose `?handle=` is missing or not this payment's. */
  async function authorize(request: Request, kind: PaymentKind, id: string): Promise<void> {
    const handle = new URL(request.url).searchParams.get('handle');
    if (handle === null)
      throw invalidRequest(
        [{ field: 'handle', message: "is required: the handle this payment's checkout gave" }],
        "A status poll needs its checkout's handle (?handle=…)",
      );
    let claims;
    try {
      claims = await parts.handles.verify(handle);
    } catch (error) {
      log("A status poll's handle could not be verified", error);
      throw new HttpError(500, 'CONFIGURATION', 'The shop cannot check checkout handles now');
    }
    const noun = KIND_WORDS[kind].noun;
    if (!claims) throw forbidden(`This handle is not one this shop gave, or it has expired: it shows no ${noun}`);
    if (claims.kind !== kind || claims.id !== id)
      throw forbidden(`This handle is the handle of another ${KIND_WORDS[claims.kind].noun}, not of this ${noun}`);
  }

  /** The safety net: a read of a pending payment whose last read is old, asked for and not waited for. */
  async function readIfStale(subject: string, json: string | undefined): Promise<void> {
    if (!store.takeStaleRead || parts.busy()) return;
    if (json !== undefined && isFinalStatus(statusOf(json))) return;
    if (!(await store.takeStaleRead(subject, parts.pollReadAfterMs, parts.pollReadGapMs))) return;
    stats.pollReads++;
    void parts.reader.follow(subject);
  }

  async function answer(request: Request, kind: PaymentKind, id: string, cors: Record<string, string>) {
    if (request.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          ...cors,
          'Access-Control-Allow-Methods': 'GET',
          'Access-Control-Allow-Headers': 'If-None-Match',
          'Access-Control-Max-Age': '600',
        },
      });
    }
    if (request.method !== 'GET') throw methodNotAllowed('GET');
    if (!isPaymentId(id)) throw invalidId(kind);
    await authorize(request, kind, id);
    const subject = subjectOf(kind, id);
    const json = await parts.remembered(() => store.lastPayin(subject));
    await readIfStale(subject, json).catch((error) =>
      log(`A status poll could not ask for a read of the ${KIND_WORDS[kind].noun} ${id}`, error),
    );
    const body = json === undefined ? '{}' : `{"${DATA_KEYS[kind]}":${json}}`;
    const headers: Record<string, string> = {
      ...cors,
      ...(cors['Access-Control-Allow-Origin'] ? { 'Access-Control-Expose-Headers': 'ETag' } : {}),
      ETag: await etagOf(body),
      'Cache-Control': 'no-store',
    };
    stats.polls++;
    if (matches(request.headers.get('if-none-match'), headers.ETag!)) {
      stats.notModified++;
      return new Response(null, { status: 304, headers });
    }
    return new Response(body, {
      status: 200,
      headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
    });
  }

  return {
    /** The route's handler: 200 or 304 with the payment as the store has it, or a JSON refusal. */
    async handleStatus(request: Request, id: string, { kind = 'payin' }: { kind?: PaymentKind } = {}) {
      let cors: Record<string, string> = {};
      try {
        cors = parts.cors(request);
        return await answer(request, kind, id, cors);
      } catch (error) {
        if (error instanceof HttpError) return error.toResponse(cors);
        log('A status poll failed unexpectedly', error);
        return jsonResponse(500, { errorCode: 'INTERNAL_ERROR', message: 'The status poll failed' }, cors);
      }
    },
    stats: (): StatusPollStats => ({ ...stats }),
  };
}
