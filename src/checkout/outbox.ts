/**
 * The events of one session on their way to the page, in the order they happened. A pay-error
 * waits for the words of trouble, so that its message is in the shopper's language; whatever is
 * posted after it waits behind it (a transient poll error, then pay-status and pay-success reach
 * the page in that order). Nothing is sent once the session has ended.
 */
export class EventOutbox<E> {
  /** The events waiting, as one chain; none while nothing waits. */
  private queue?: Promise<unknown>;

  constructor(
    private readonly send: (event: E) => void,
    private readonly ended: () => boolean,
  ) {}

  /** Sends the event now, or after those still waiting. */
  post(event: E): void {
    if (this.queue) this.after(undefined, () => event);
    else this.deliver(event);
  }

  /** Sends the event, made when `ready` has settled (and after those waiting); later ones wait behind it. */
  after(ready: Promise<unknown> | undefined, event: () => E): void {
    const queue = Promise.all([this.queue, ready]).then(() => this.deliver(event()));
    this.queue = queue;
    void queue.then(() => this.queue === queue && (this.queue = undefined));
  }

  private deliver(event: E): void {
    if (!this.ended()) this.send(event);
  }
}
