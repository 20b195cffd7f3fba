import type { CountableMessage } from "../core/context/chat-format.ts";
import type { WireTool } from "../core/wire.ts";
import type { TokenEncoder } from "./token-encoder.ts";
import type { TokenWorkerRequest, TokenWorkerResponse } from "./token-worker-protocol.ts";

/** What the encoder needs of a `Worker`; tests pass one that answers in the same thread. */
export interface WorkerPort {
  postMessage(message: TokenWorkerRequest, transfer?: Transferable[]): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<TokenWorkerResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

type Ask =
  | { kind: "messages"; items: CountableMessage[] }
  | { kind: "texts"; items: string[] }
  | { kind: "tools"; tools: WireTool[] };

/**
 * Counts in a Web Worker, started on the first request (`spawn`), so neither the worker nor the
 * tokenizer load before something is counted; `ranks` (when given) loads the tokenizer's ranks
 * beside it, and they are handed to the worker as they arrive. Once the worker fails (it could
 * not load, a CSP refused it, the ranks did not come), every request fails at once and the
 * counter keeps to its estimate.
 */
export class WorkerEncoder implements TokenEncoder {
  private worker: WorkerPort | undefined;
  private failure: Error | undefined;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve(tokens: number[]): void; reject(error: Error): void }
  >();

  constructor(
    private readonly spawn: () => WorkerPort,
    private readonly ranks?: () => Promise<ArrayBuffer>,
  ) {}

  messages(items: readonly CountableMessage[]): Promise<number[]> {
    return this.ask({ kind: "messages", items: [...items] });
  }

  texts(items: readonly string[]): Promise<number[]> {
    return this.ask({ kind: "texts", items: [...items] });
  }

  async tools(tools: readonly WireTool[]): Promise<number> {
    const [tokens = 0] = await this.ask({ kind: "tools", tools: [...tools] });
    return tokens;
  }

  dispose(): void {
    this.worker?.terminate();
    this.fail(new DOMException("The token counter was closed.", "AbortError"));
  }

  private ask(ask: Ask): Promise<number[]> {
    if (this.failure) return Promise.reject(this.failure);
    let worker: WorkerPort;
    try {
      worker = this.worker ?? this.start();
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
      return Promise.reject(this.failure);
    }
    const id = this.nextId++;
    return new Promise<number[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...ask });
    });
  }

  private start(): WorkerPort {
    const worker = this.spawn();
    worker.onmessage = (event) => {
      const response = event.data;
      if (!response.ok)
        return this.fail(new Error(`The tokenizer could not count: ${response.message}`));
      this.pending.get(response.id)?.resolve(response.tokens);
      this.pending.delete(response.id);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      this.fail(new Error(`The token worker failed: ${event.message || "it could not start"}`));
    };
    this.worker = worker;
    this.ranks?.().then(
      (ranks) => this.worker?.postMessage({ id: 0, kind: "ranks", ranks }, [ranks]),
      (error: unknown) => this.fail(new Error(`The token ranks did not load: ${String(error)}`)),
    );
    return worker;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const request of waiting) request.reject(error);
  }
}
