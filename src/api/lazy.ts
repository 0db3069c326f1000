/**
 * One part of the checkout that loads when it is first wanted (a chunk, a translation), with
 * where it is as data, in the spirit of `@lit/task`: idle until asked, loading, ready with its
 * value, or failed. A failed part is asked again by the next `get()`, so a shopper's "Try again"
 * mends a network that came back. What renders from a part reads `status`; `changed` hears of
 * every move.
 */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export class Lazy<T> {
  status: LoadStatus = 'idle';
  /** The part, once it is ready. */
  value?: T;
  private loading?: Promise<T>;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly changed?: (status: LoadStatus) => void,
  ) {}

  /** The part: loaded once while it loads or is ready; after a failure, loaded again. */
  get(): Promise<T> {
    if (!this.loading) {
      this.loading = this.load().then(
        (value) => {
          this.value = value;
          this.move('ready');
          return value;
        },
        (error: unknown) => {
          this.loading = undefined;
          this.move('failed');
          throw error;
        },
      );
      this.move('loading');
    }
    return this.loading;
  }

  private move(status: LoadStatus): void {
    this.status = status;
    this.changed?.(status);
  }
}
