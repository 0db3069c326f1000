/**
 * TokenWatch: loads the token's keeper (token-keeper.ts, a chunk of its own) in time — 90 s
 * before the token expires by the platform's clock, or when the platform refuses a call for its
 * token (401). It travels with the PaymentWatch, as only a pending payment needs it: a payment
 * settled in minutes never loads the keeper.
 */
import { Lazy } from '../api/lazy.js';
import type { TokenHost } from './token-keeper.js';

export class TokenWatch {
  private readonly keeper = new Lazy(() =>
    import('./token-keeper.js').then(({ TokenKeeper }) => new TokenKeeper(this.host, this.onWait)),
  );
  private timer?: ReturnType<typeof setTimeout>;

  /** `onWait`: a call waits for a fresh token (following pauses, it does not fail). */
  constructor(
    private readonly host: TokenHost,
    private readonly onWait: () => void,
  ) {}

  /**
   * Loads the keeper 90 s before the token expires by the platform's clock (it then renews or
   * warns at 60 s). Set again after each read: its Date may have corrected the platform's clock.
   */
  watch(): void {
    clearTimeout(this.timer);
    if (this.keeper.value) return this.keeper.value.schedule();
    const { config, phase, clock } = this.host;
    if (config?.payload.exp === undefined || phase.name !== 'pending') return;
    const due = clock.toLocal(config.payload.exp * 1000 - 90_000) - Date.now();
    // setTimeout's longest delay is 2^31 − 1 ms; a token that far off loads the keeper early (and
    // one already due, a negative delay, runs at once).
    this.timer = setTimeout(
      () => void this.keeper.get().then((keeper) => keeper.schedule()),
      Math.min(due, 2 ** 31 - 1),
    );
    // A renewal due later keeps no Node process alive (server rendering, tests); browsers have no unref.
    (this.timer as { unref?: () => void }).unref?.();
  }

  /** A fresh token is in use: calls that waited for one go on. */
  changed(): void {
    this.keeper.value?.tokenChanged();
    this.watch();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.keeper.value?.stop();
  }

  /** A platform call; refused for its token (401), the keeper gets a fresh one and runs it again. */
  async call<T>(run: () => Promise<T>, signal: AbortSignal): Promise<T> {
    const token = this.host.config?.token;
    try {
      return await run();
    } catch (error) {
      if (signal.aborted || (error as { httpStatus?: number } | undefined)?.httpStatus !== 401) throw error;
      return (await this.keeper.get()).call(run, signal, token);
    } finally {
      this.watch();
    }
  }
}
