/**
 * Countdown: re-renders its host every second until a deadline and calls `onExpire` once when the
 * deadline passes. Stops ticking while the page is hidden and on disconnect.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class Countdown implements ReactiveController {
  private timer?: ReturnType<typeof setInterval>;
  private deadline?: number;
  private expiredFired = false;
  private connected = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly onExpire: () => void,
  ) {
    host.addController(this);
  }

  /** Milliseconds left, or undefined without a deadline. */
  get remainingMs(): number | undefined {
    return this.deadline === undefined ? undefined : Math.max(0, this.deadline - Date.now());
  }

  /** Starts counting to a local-time deadline; `undefined` stops. */
  set(deadline: number | undefined): void {
    if (deadline !== this.deadline) this.expiredFired = false;
    this.deadline = deadline;
    this.sync();
  }

  hostConnected() {
    this.connected = true;
    document.addEventListener('visibilitychange', this.sync);
    this.sync();
  }

  hostDisconnected() {
    this.connected = false;
    document.removeEventListener('visibilitychange', this.sync);
    this.clear();
  }

  private clear() {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private readonly sync = () => {
    const ticking = this.connected && this.deadline !== undefined && document.visibilityState !== 'hidden';
    if (!ticking) return this.clear();
    this.tick();
    if (this.timer === undefined && this.deadline !== undefined && Date.now() < this.deadline) {
      this.timer = setInterval(this.tick, 1000);
    }
  };

  private readonly tick = () => {
    if (this.deadline === undefined) return this.clear();
    if (Date.now() >= this.deadline) {
      this.clear();
      if (!this.expiredFired) {
        this.expiredFired = true;
        this.onExpire();
      }
    }
    this.host.requestUpdate();
  };
}
