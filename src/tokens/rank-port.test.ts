import { describe, expect, it } from "vitest";
import { type RankChannel, RankPort } from "./rank-port.ts";
import type { TokenWorkerRequest, TokenWorkerResponse } from "./token-worker-protocol.ts";

/** A rank worker's port that answers in the same thread, one task later. */
function channel(answer: (request: TokenWorkerRequest) => TokenWorkerResponse) {
  const received: TokenWorkerRequest[] = [];
  const port: RankChannel = {
    onmessage: null,
    postMessage(request) {
      received.push(request);
      setTimeout(() => port.onmessage?.(new MessageEvent("message", { data: answer(request) })), 0);
    },
  };
  return { port, received };
}

const lengths = (request: TokenWorkerRequest): TokenWorkerResponse =>
  request.kind === "texts"
    ? { id: request.id, ok: true, tokens: request.items.map((t) => t.length) }
    : { id: request.id, ok: true, tokens: [7] };

describe("RankPort", () => {
  it("holds requests made before the port arrives, then sends them in order", async () => {
    const ranks = new RankPort();
    const first = ranks.ask({ kind: "texts", items: ["ab", "c"] });
    const second = ranks.ask({ kind: "tools", tools: [] });
    const { port, received } = channel(lengths);
    expect(received).toHaveLength(0);
    ranks.attach(port);
    expect(await first).toEqual([2, 1]);
    expect(await second).toEqual([7]);
    expect(received.map((r) => r.kind)).toEqual(["texts", "tools"]);
    expect(new Set(received.map((r) => r.id)).size).toBe(2);
  });

  it("rejects a request the rank worker could not count", async () => {
    const ranks = new RankPort();
    ranks.attach(channel((r) => ({ id: r.id, ok: false, message: "the ranks did not load" })).port);
    await expect(ranks.ask({ kind: "texts", items: ["a"] })).rejects.toThrow(
      "the ranks did not load",
    );
  });
});
