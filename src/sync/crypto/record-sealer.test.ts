import { describe, expect, it } from "vitest";
import { testKeys } from "../../test/sync-keys.ts";
import type { SyncKeys } from "./kdf.ts";
import {
  answer,
  inThread,
  inWorker,
  type RecordReply,
  type RecordRequest,
  type RecordWorkerPort,
} from "./record-sealer.ts";

/** A worker in this thread: it answers each request as `record-worker.ts` does, a task later. */
function fakeWorker(options: { failAfter?: number } = {}) {
  const seen: RecordRequest[] = [];
  let keys: SyncKeys | undefined;
  const port: RecordWorkerPort = {
    onmessage: null,
    onerror: null,
    terminate: () => {},
    postMessage(request) {
      seen.push(request);
      if (request.type === "keys") keys = request.keys;
      setTimeout(() => {
        if (options.failAfter !== undefined && seen.length > options.failAfter) {
          port.onerror?.(new Event("error") as ErrorEvent);
          return;
        }
        void answer(keys, request).then(
          (reply) => port.onmessage?.(new MessageEvent<RecordReply>("message", { data: reply })),
          () =>
            port.onmessage?.(
              new MessageEvent("message", { data: { id: request.id, type: "failed" } }),
            ),
        );
      });
    },
  };
  return { port, seen };
}

describe("sealing records in a worker", () => {
  it("posts the keys once, then seals and opens what the page opens and seals in its own thread", async () => {
    const keys = await testKeys();
    const { port, seen } = fakeWorker();
    let started = 0;
    const worker = inWorker(keys, () => {
      started++;
      return port;
    });
    const here = inThread(keys);
    const sealed = await worker.seal("m:s1:m0", '{"text":"hello"}', 3);
    const opened = await here.open(sealed.id, sealed.envelope);
    expect(opened).toEqual({
      ok: true,
      value: { parleyKey: "m:s1:m0", json: '{"text":"hello"}', revision: 3 },
    });
    const back = await here.seal("h:s1", '{"head":1}');
    expect(await worker.open(back.id, back.envelope)).toEqual(
      await here.open(back.id, back.envelope),
    );
    expect(started).toBe(1);
    expect(seen.map((r) => r.type)).toEqual(["keys", "seal", "open"]);
  });

  it("does here what was waiting when the worker failed, and everything after", async () => {
    const keys = await testKeys();
    const { port } = fakeWorker({ failAfter: 1 });
    const worker = inWorker(keys, () => port);
    const sealed = await worker.seal("m:s1:m1", '{"text":"kept"}');
    expect((await inThread(keys).open(sealed.id, sealed.envelope)).ok).toBe(true);
    const again = await worker.seal("m:s1:m2", '{"text":"also kept"}');
    expect((await worker.open(again.id, again.envelope)).ok).toBe(true);
  });

  it("throws on the page what the worker refused, as sealing here does", async () => {
    const keys = await testKeys();
    const worker = inWorker(keys, () => fakeWorker().port);
    await expect(worker.seal("m:s1\nm3", "{}")).rejects.toThrow(RangeError);
  });

  it("does here what was still waiting when sync is turned off and the worker ended", async () => {
    const keys = await testKeys();
    let terminated = 0;
    const silent: RecordWorkerPort = {
      onmessage: null,
      onerror: null,
      postMessage: () => {},
      terminate: () => void terminated++,
    };
    const worker = inWorker(keys, () => silent);
    const waiting = worker.seal("m:s1:m4", '{"text":"not lost"}');
    worker.close();
    const sealed = await waiting;
    expect(terminated).toBe(1);
    expect((await inThread(keys).open(sealed.id, sealed.envelope)).ok).toBe(true);
  });
});
