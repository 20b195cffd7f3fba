import { describe, expect, it } from "vitest";
import { BODY_CHUNKS, type BodyChunks, bodyChunksOf } from "./body-chunks.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (batch: Uint8Array[]) => batch.map((b) => new TextDecoder().decode(b)).join("");

function controlled() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return { controller, response: new Response(stream) };
}

describe("reading an upstream body in batches", () => {
  it("what arrived together is one batch; a read waits for the next piece; the end is an empty batch", async () => {
    const { controller, response } = controlled();
    const chunks = bodyChunksOf(response) as BodyChunks;
    for (const piece of ["a", "b", "c"]) controller.enqueue(bytes(piece));
    expect(text(await chunks.read())).toBe("abc");
    const waiting = chunks.read();
    setTimeout(() => controller.enqueue(bytes("d")), 10);
    expect(text(await waiting)).toBe("d");
    controller.enqueue(bytes("e"));
    controller.close();
    expect(text(await chunks.read())).toBe("e");
    expect(await chunks.read()).toEqual([]);
    expect(await chunks.read()).toEqual([]);
  });

  it("a body that breaks rejects the read", async () => {
    const { controller, response } = controlled();
    const chunks = bodyChunksOf(response) as BodyChunks;
    const waiting = chunks.read();
    controller.error(new Error("connection reset"));
    await expect(waiting).rejects.toThrow("connection reset");
  });

  it("cancel releases the body", async () => {
    let cancelled = false;
    const response = new Response(
      new ReadableStream<Uint8Array>({
        cancel() {
          cancelled = true;
        },
      }),
    );
    (bodyChunksOf(response) as BodyChunks).cancel();
    await new Promise((r) => setTimeout(r, 0));
    expect(cancelled).toBe(true);
  });

  it("prefers the response's own reader, and leaves its body unread", async () => {
    const own: BodyChunks = { read: async () => [bytes("own")], cancel: () => {} };
    const response = new Response("web body");
    Object.defineProperty(response, BODY_CHUNKS, { value: () => own });
    expect(bodyChunksOf(response)).toBe(own);
    expect(await response.text()).toBe("web body");
  });

  it("a response without a body has no reader", () => {
    expect(bodyChunksOf(new Response(null))).toBeNull();
  });
});
