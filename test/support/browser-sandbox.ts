/**
 * Browser tests against the real sandbox emulator (started by test/support/sandbox-plugin.mjs):
 * its URL, tokens minted the way a merchant backend does (by the package's own server helper,
 * in the test runner's Node process: pay-checkout/server refuses to sign in a browser), and a
 * recording fetch.
 *
 * Every test shares one emulator, whose clock never moves. A test that moves time takes an
 * emulator of its own (`ownPlatform()`): its `own` key goes with its URL, its tokens and its clock.
 */
const urls = new Map<string, Promise<string>>();
/** The shared emulator's URL, or that of the emulator of its own `own`. */
export function sandboxUrl(own = ''): Promise<string> {
  if (!urls.has(own))
    urls.set(
      own,
      fetch(`/__test/sandbox${own ? `?own=${own}` : ''}`)
        .then((r) => r.json())
        .then((body: { url: string }) => body.url),
    );
  return urls.get(own)!;
}

/** A key for an emulator of the test's own (started on first use, stopped with the runner). */
export const ownPlatform = () => uniqueId('own');

/**
 * A checkout token for one payin: by action, or an operations token when the checkout needs more.
 * It lasts a day of sandbox time unless `validitySecs` says otherwise: tests share one emulator and
 * some move its clock by hours, which must not expire another test's token.
 */
export async function mintToken(
  idPayin: string,
  options: {
    money?: { amount: number; currencyCode: string };
    merchantInfo?: boolean;
    externalReference?: boolean;
    validitySecs?: number;
    own?: string;
  } = {},
): Promise<string> {
  const query = new URLSearchParams({ idPayin });
  if (options.own) query.set('own', options.own);
  if (options.validitySecs !== undefined) query.set('validitySecs', String(options.validitySecs));
  if (options.money) {
    query.set('amount', String(options.money.amount));
    query.set('currencyCode', options.money.currencyCode);
  }
  if (options.merchantInfo) query.set('merchantInfo', '1');
  if (options.externalReference) query.set('externalReference', '1');
  const response = await fetch(`/__test/token?${query}`);
  if (!response.ok) throw new Error(`minting a token for ${idPayin}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** A top-up's token: by action (no GET /fx-rates), or literal operations with GET /fx-rates; or exactly `operations`. */
export async function mintTopUpToken(
  idTopUp: string,
  options: {
    fxRates?: boolean;
    operations?: string[];
    money?: { amount: number; currencyCode: string };
    own?: string;
  } = {},
): Promise<string> {
  const query = new URLSearchParams(options.operations ? { operations: options.operations.join(',') } : { idTopUp });
  if (options.own) query.set('own', options.own);
  if (options.fxRates) query.set('fxRates', '1');
  if (options.money) {
    query.set('amount', String(options.money.amount));
    query.set('currencyCode', options.money.currencyCode);
  }
  const response = await fetch(`/__test/token?${query}`);
  if (!response.ok)
    throw new Error(`minting a top-up token for ${idTopUp}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** The emulator's published rate of a pair (GET /fx-rates needs no token there? it does: read with a top-up token). */
export async function readRate(token: string, base: string, quote: string, own?: string) {
  const response = await fetch(
    `${await sandboxUrl(own)}/fx-rates?baseCurrencyCode=${base}&quoteCurrencyCode=${quote}`,
    {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'X-API-Version': '2' },
    },
  );
  return (
    (await response.json()) as {
      data: {
        baseCurrencyCode: string;
        quoteCurrencyCode: string;
        buyRate: number;
        sellRate: number;
        validUpTo: string;
      }[];
    }
  ).data[0]!;
}

export const uniqueId = (prefix = 'o') =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Records every request the page sends (bodies parsed, and the answer's status once it came), passing it through to the network. */
export function recordFetch() {
  const requests: {
    method: string;
    path: string;
    body: unknown;
    headers: Record<string, string>;
    url: string;
    credentials?: RequestCredentials;
    cache?: RequestCache;
    status?: number;
    /** The answer's ETag, when it exposed one. */
    etag?: string;
  }[] = [];
  const original = window.fetch;
  // Requests held back until the test lets them go: the page's view stays as it is meanwhile.
  let held: { matches: (method: string, path: string) => boolean; release: Promise<void> } | undefined;
  window.fetch = async (input, init = {}) => {
    const target = new URL(String(input), location.href);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    const method = init.method ?? 'GET';
    const path = decodeURIComponent(target.pathname);
    const entry: (typeof requests)[number] = {
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers,
      url: target.href,
      credentials: init.credentials,
      cache: init.cache,
    };
    requests.push(entry);
    if (held?.matches(method, path)) await held.release;
    const response = await original(input, init);
    entry.status = response.status;
    entry.etag = response.headers.get('ETag') ?? undefined;
    return response;
  };
  return {
    requests,
    /** Holds every later request that `matches` until the returned function is called. */
    hold(matches: (method: string, path: string) => boolean): () => void {
      let release!: () => void;
      held = { matches, release: new Promise<void>((resolve) => (release = resolve)) };
      return () => {
        held = undefined;
        release();
      };
    },
    restore: () => (window.fetch = original),
  };
}

/**
 * The page's status streams (EventSource), each with the number of reads the page had sent when it said
 * `ready`: this listener is the stream's first, so it runs before the element's.
 */
export function recordStreams(reads: () => number) {
  const readyAt: number[] = [];
  /** Every `ready` and `ping` the page's streams heard, in order. */
  const heard: string[] = [];
  const Original = window.EventSource;
  window.EventSource = class extends Original {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      this.addEventListener('ready', () => void (readyAt.push(reads()), heard.push('ready')));
      this.addEventListener('ping', () => void heard.push('ping'));
    }
  };
  return { readyAt, heard, restore: () => (window.EventSource = Original) };
}

/** Moves the clock of the emulator of its own `own` (never the shared one) `seconds` on. */
export async function advanceClock(own: string, seconds: number): Promise<void> {
  await fetch(`${await sandboxUrl(own)}/__sandbox/clock/advance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
}
