/**
 * A service whose code loads on first use, behind a facade that stands in for it until then:
 * callers asking while it loads share one load, a failed load is tried again on the next ask,
 * and once it has arrived the facade's listeners hear its changes too.
 */
export class LazyService<T extends { subscribe(listener: () => void): unknown }> {
  /** The service once it has arrived. */
  current: T | undefined;
  private loading: Promise<T> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly load: () => Promise<T>) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The service, loading it if need be. */
  loaded(): Promise<T> {
    this.loading ??= this.load().then(
      (service) => {
        this.current = service;
        service.subscribe(() => this.emit());
        return service;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  emit(): void {
    for (const listener of [...this.listeners]) listener();
  }

  clear(): void {
    this.listeners.clear();
  }
}
