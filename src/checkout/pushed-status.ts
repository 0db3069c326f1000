/**
 * PushedStatus: follows a pending payin through the merchant's status stream (`status-url`: the
 * Server-Sent Events of `createStatusRelay` in pay-checkout/server) instead of polling the
 * platform. The relay's stream carries no payin data, only "changed": each change makes one read
 * of the payin (one read in flight at a time; a change during a read makes one more read after
 * it). The merchant kit's authorized stream may carry the payin the shop read after the callback
 * (`data: {"payin": …}`): checked as a read's answer is, it is used with no read of its own.
 *
 * Protocol: `event: ready` once the relay is subscribed (data may carry `{"heartbeatMs": n}`),
 * then `event: changed` per change and `event: ping` every heartbeat. The session opens the stream
 * before it sends the create (`prepare`): a stream ready by then has seen every change of the new
 * payin, so following needs no first read. A stream ready only later reads the payin once on
 * `ready` (a change may have come before the stream did). The stream is healthy from `ready` until an
 * error or a silence longer than 2.5 heartbeats; while it is not, the StatusPoller polls, and the
 * stream is opened again with backoff. A stream that never becomes healthy therefore costs the
 * customer nothing but the polling they would have had. With a checkout's status route
 * (`pollStatus`, the merchant kit's) those polls and the reads on `ready` ask the kit, not the platform.
 */
import type { ReactiveControllerHost } from 'lit';
import { isAbortError } from '../api/errors.js';
import { backoffDelay } from '../api/transport.js';
import { StatusPoller, isPassingFailure, type StatusPollerOptions } from './status-poller.js';
import type { WatchStop, StatusSource } from './status-source.js';

export interface PushedStatusOptions<R = unknown> extends StatusPollerOptions<R> {
  statusUrl: string;
}

export class PushedStatus<R = unknown> implements StatusSource {
  /** Defaults for every stream; tests may shorten them. */
  static defaults = { heartbeatMs: 15_000, reconnectBaseMs: 1000, reconnectMaxMs: 30_000, prepareMs: 1000 };

  private readonly poller: StatusPoller<R>;
  private stream?: EventSource;
  private running = false;
  private connected = false;
  private healthy = false;
  private heartbeatMs = PushedStatus.defaults.heartbeatMs;
  private reconnects = 0;
  private staleTimer?: ReturnType<typeof setTimeout>;
  private reopenTimer?: ReturnType<typeof setTimeout>;
  private expiryTimer?: ReturnType<typeof setTimeout>;
  private reading?: AbortController;
  private readAgain = false;
  /** The stream is ready again and the kit's polls go on until its first heartbeat. */
  private untilHeartbeat = false;
  /** Whether every read asked for during the one in flight was a catch-up. */
  private againCatchUp = true;
  /** The stream is open ahead of following (prepare), and who waits for it to be ready. */
  private preparing = false;
  private prepared?: () => void;
  /** Ready before the create went out, and healthy ever since: no change of the payin went unseen. */
  private sawEveryChange = false;
  /** The payin the last change before following brought (an authorized stream), to start from. */
  private early?: R;

  constructor(
    host: ReactiveControllerHost,
    private readonly options: PushedStatusOptions<R>,
  ) {
    // The fallback: it polls only while the stream is not healthy. Its own stops (expiry, an
    // error retrying cannot fix) end following altogether; pausing it is not a stop.
    this.poller = new StatusPoller(host, {
      ...options,
      onResult: (payin) => {
        options.onResult(payin);
        // A read that mended a failed one: the stream carries the status again.
        if (this.healthy) this.poller.stop('stopped');
      },
      onStop: (reason) => {
        if (reason !== 'stopped') this.stop(reason);
      },
    });
    host.addController(this);
  }

  get active(): boolean {
    return this.running;
  }

  /** Whether the stream is carrying the status now (else the poller is). */
  get streaming(): boolean {
    return this.healthy;
  }

  /**
   * Opens the stream before the payin is created, and resolves once it is ready, or has failed, or
   * after `prepareMs`. Ready by then, it has seen every change since: following needs no first read.
   */
  prepare(): Promise<void> {
    this.preparing = true;
    this.open();
    return new Promise((resolve) => {
      if (this.healthy || !this.stream) {
        this.sawEveryChange = this.healthy;
        return resolve();
      }
      const timer = setTimeout(() => this.prepared?.(), PushedStatus.defaults.prepareMs);
      this.prepared = () => {
        clearTimeout(timer);
        this.prepared = undefined;
        this.sawEveryChange = this.healthy;
        resolve();
      };
    });
  }

  start(): void {
    this.running = true;
    this.watchExpiry();
    // Until the stream says it is ready, poll as usual; ready already, read once unless it was
    // ready before the create went out (or a change meanwhile brought the payin).
    if (!this.healthy) {
      this.poller.start();
      this.open();
    } else if (this.early) this.options.onResult(this.early);
    else if (!this.sawEveryChange) this.read(true);
    this.early = undefined;
  }

  checkNow(): void {
    if (!this.running) {
      this.running = true;
      this.open();
      this.watchExpiry();
    }
    if (this.healthy) this.read(true);
    else this.poller.checkNow();
  }

  stop(reason: WatchStop = 'stopped'): void {
    this.preparing = false;
    this.prepared?.();
    if (!this.running) return this.close();
    this.running = false;
    this.close();
    clearTimeout(this.expiryTimer);
    this.reading?.abort();
    this.reading = undefined;
    this.poller.stop('stopped');
    this.options.onStop?.(reason);
  }

  hostConnected(): void {
    this.connected = true;
    this.open();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.close();
    this.reading?.abort();
    this.reading = undefined;
  }

  private open(): void {
    if ((!this.running && !this.preparing) || !this.connected || this.stream || this.reopenTimer !== undefined) return;
    const stream = new EventSource(this.options.statusUrl);
    this.stream = stream;
    stream.addEventListener('ready', (event) => {
      const heartbeat = Number(readJson((event as MessageEvent).data)?.heartbeatMs);
      this.heartbeatMs = heartbeat > 0 ? heartbeat : PushedStatus.defaults.heartbeatMs;
      this.healthy = true;
      this.reconnects = 0;
      this.alive();
      this.prepared?.();
      // Ready before following starts: start() decides whether a first read is needed.
      if (!this.running) return;
      // The kit tells streams before it stores a read: a change told while the stream was away may
      // reach its status route after `ready`, so its polls go on until the first heartbeat.
      if (this.options.pollStatus) this.untilHeartbeat = true;
      else this.poller.stop('stopped');
      this.read(true);
    });
    stream.addEventListener('changed', (event) => {
      this.alive();
      // An authorized stream carries the payin itself: used as it is, with no read.
      const payin = this.pushed(readJson((event as MessageEvent).data)?.payin);
      // While the create is on its way the payin is not followed yet: start() uses or reads it.
      if (!this.running) {
        this.sawEveryChange = false;
        this.early = payin;
        return;
      }
      if (payin) this.options.onResult(payin);
      else this.read();
    });
    stream.addEventListener('ping', () => {
      this.alive();
      if (this.untilHeartbeat) this.poller.stop('stopped');
      this.untilHeartbeat = false;
    });
    // EventSource would reconnect by itself after a network error but not after an HTTP error;
    // closing it and opening again here treats both alike, with backoff.
    stream.onerror = () => this.broken();
  }

  /** The payin a change carried, parsed and checked as a read's answer; undefined: read it. */
  private pushed(data: unknown): R | undefined {
    try {
      return data === undefined ? undefined : this.options.pushed?.(data);
    } catch {
      return undefined;
    }
  }

  /** The stream failed or fell silent: poll, and open it again after a while. */
  private broken(): void {
    this.close();
    this.prepared?.();
    if (!this.running) return;
    if (!this.poller.active) this.poller.start();
    const { reconnectBaseMs, reconnectMaxMs } = PushedStatus.defaults;
    const delay = Math.max(
      reconnectBaseMs,
      backoffDelay(this.reconnects++, reconnectBaseMs, reconnectMaxMs, this.options.random),
    );
    this.reopenTimer = setTimeout(() => {
      this.reopenTimer = undefined;
      this.open();
    }, delay);
  }

  private close(): void {
    this.stream?.close();
    this.stream = undefined;
    this.healthy = false;
    this.sawEveryChange = false;
    clearTimeout(this.staleTimer);
    clearTimeout(this.reopenTimer);
    this.reopenTimer = undefined;
  }

  /** A sign of life: the stream is stale only after 2.5 heartbeats of silence. */
  private alive(): void {
    clearTimeout(this.staleTimer);
    this.staleTimer = setTimeout(() => this.broken(), this.heartbeatMs * 2.5);
  }

  /**
   * Reads the payin once; a read asked for while one is in flight happens once after it. A catch-up
   * (the stream ready, the customer's "check again") reads as a poll does: from the merchant kit's
   * status route when there is one. A change the stream did not carry is read on the platform.
   */
  private read(catchUp = false): void {
    if (this.reading) {
      this.readAgain = true;
      this.againCatchUp &&= catchUp;
      return;
    }
    const controller = (this.reading = new AbortController());
    const { pollStatus, fetchStatus } = this.options;
    (catchUp && pollStatus ? pollStatus : fetchStatus)(controller.signal)
      .then(
        (payin) => {
          if (controller.signal.aborted || payin === undefined) return;
          this.options.onResult(payin);
        },
        (error: unknown) => {
          if (controller.signal.aborted || isAbortError(error)) return;
          const passing = isPassingFailure(error);
          this.options.onError(error, passing);
          // The poller knows how to back off from a failure that passes (as long as Retry-After
          // says, and longer when it repeats): it takes over until a read succeeds. One that
          // cannot pass ends following.
          this.untilHeartbeat = false;
          if (passing) this.poller.retryAfterFailure(error);
          else this.stop('error');
        },
      )
      .finally(() => {
        if (this.reading !== controller) return;
        this.reading = undefined;
        if (this.readAgain && this.running) {
          const catchUp = this.againCatchUp;
          this.readAgain = false;
          this.againCatchUp = true;
          this.read(catchUp);
        }
      });
  }

  /** Following ends a while after expireAt, as polling does, whichever carries the status. */
  private watchExpiry(): void {
    clearTimeout(this.expiryTimer);
    const expiresAt = this.options.expiresAt();
    if (expiresAt === undefined) return;
    const ends = expiresAt + StatusPoller.defaults.afterExpiryMs - Date.now();
    this.expiryTimer = setTimeout(() => this.stop('expired'), Math.max(0, ends));
  }
}

function readJson(text: unknown): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(String(text));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
