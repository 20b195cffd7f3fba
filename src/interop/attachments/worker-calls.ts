/** What a caller needs of a Web Worker that answers each request with its id (a fake in tests). */
export interface WorkerPort<Request, Reply> {
  postMessage(message: Request, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<Reply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/**
 * Requests to one worker, started on the first request; each reply finds its request by id.
 * When the worker fails, every request still waiting gets `failed(id)`.
 */
export class WorkerCalls<Request, Reply extends { id: number }> {
  private worker: WorkerPort<Request, Reply> | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, (reply: Reply) => void>();

  constructor(
    private readonly start: () => WorkerPort<Request, Reply>,
    private readonly failed: (id: number) => Reply,
  ) {}

  /** Sends the request `make(id)` builds, handing `transfer` over to the worker. */
  call(make: (id: number) => Request, transfer: Transferable[]): Promise<Reply> {
    if (!this.worker) {
      this.worker = this.start();
      this.worker.onmessage = (event) => {
        this.waiting.get(event.data.id)?.(event.data);
        this.waiting.delete(event.data.id);
      };
      this.worker.onerror = () => {
        for (const [id, answer] of this.waiting) answer(this.failed(id));
        this.waiting.clear();
      };
    }
    const id = this.nextId++;
    const worker = this.worker;
    return new Promise<Reply>((resolve) => {
      this.waiting.set(id, resolve);
      worker.postMessage(make(id), transfer);
    });
  }
}
