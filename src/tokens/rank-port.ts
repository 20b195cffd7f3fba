import type { TokenAsk, TokenWorkerRequest, TokenWorkerResponse } from "./token-worker-protocol.ts";

/** What the token worker needs of its port to the rank worker; tests pass one in the same thread. */
export interface RankChannel {
  postMessage(request: TokenWorkerRequest): void;
  onmessage: ((event: MessageEvent<TokenWorkerResponse>) => void) | null;
}

/**
 * The token worker's side of its port to the rank worker. Requests made before the page hands
 * the port over wait for it; an answer that says the tokenizer cannot count rejects its request.
 */
export class RankPort {
  private channel: RankChannel | undefined;
  private readonly queued: TokenWorkerRequest[] = [];
  private readonly pending = new Map<
    number,
    { resolve(tokens: number[]): void; reject(error: Error): void }
  >();
  private nextId = 1;

  attach(channel: RankChannel): void {
    this.channel = channel;
    channel.onmessage = (event) => {
      const response = event.data;
      const waiting = this.pending.get(response.id);
      this.pending.delete(response.id);
      if (response.ok) waiting?.resolve(response.tokens);
      else waiting?.reject(new Error(response.message));
    };
    for (const request of this.queued.splice(0)) channel.postMessage(request);
  }

  ask(ask: TokenAsk): Promise<number[]> {
    const request: TokenWorkerRequest = { id: this.nextId++, ...ask };
    return new Promise<number[]>((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      if (this.channel) this.channel.postMessage(request);
      else this.queued.push(request);
    });
  }
}
