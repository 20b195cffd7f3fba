import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeFetch } from "./node-fetch.ts";
import { type BodyChunks, bodyChunksOf } from "./upstream/body-chunks.ts";

type Handler = (res: ServerResponse) => void;

describe("the Node entry's fetch reads a body without a web stream", () => {
  let handler: Handler = (res) => res.end();
  let origin = "";
  const server = createServer((_req, res) => handler(res));
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const text = (batch: Uint8Array[]) => Buffer.concat(batch).toString("utf8");
  const open = async () => bodyChunksOf(await nodeFetch(origin)) as BodyChunks;

  it("what arrived while the proxy was busy is one batch; the end is an empty batch", async () => {
    let finish = () => {};
    let written = () => {};
    const allWritten = new Promise<void>((resolve) => {
      written = resolve;
    });
    handler = (res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("a");
      setTimeout(() => res.write("b"), 5);
      setTimeout(() => res.write("c", () => written()), 10);
      finish = () => res.end("d");
    };
    const chunks = await open();
    // Server and client share this process: once "c" is in the socket, one turn of the event
    // loop (its poll phase) has the client take it in, whatever the machine's load; a fixed
    // wait of 60 ms was sometimes too short on a busy machine.
    await allWritten;
    for (let turn = 0; turn < 2; turn += 1) await new Promise((r) => setImmediate(r));
    expect(text(await chunks.read())).toBe("abc");
    const waiting = chunks.read();
    finish();
    expect(text(await waiting)).toBe("d");
    expect(await chunks.read()).toEqual([]);
  });

  it("an upstream far ahead of the proxy is held back (it is paused past 64 KiB), and nothing is lost", async () => {
    const size = 64 * 1024 * 1024;
    const piece = Buffer.alloc(256 * 1024, 120);
    let written = 0;
    handler = async (res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      while (written < size) {
        written += piece.length;
        if (!res.write(piece)) await new Promise((r) => res.once("drain", r));
      }
      res.end();
    };
    const chunks = await open();
    await new Promise((r) => setTimeout(r, 300));
    expect(written).toBeLessThan(size);
    let received = 0;
    for (let batch = await chunks.read(); batch.length; batch = await chunks.read())
      for (const b of batch) received += b.byteLength;
    expect(received).toBe(size);
  });

  it("an upstream that cuts the connection mid-body rejects the read", async () => {
    handler = (res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("part");
      setTimeout(() => res.destroy(), 20);
    };
    const chunks = await open();
    expect(text(await chunks.read())).toBe("part");
    await expect(chunks.read()).rejects.toThrow();
  });

  it("cancel closes the upstream connection", async () => {
    let closed = false;
    handler = (res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("part");
      res.on("close", () => {
        closed = true;
      });
    };
    const chunks = await open();
    await chunks.read();
    chunks.cancel();
    for (let i = 0; i < 100 && !closed; i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(closed).toBe(true);
  });

  it("the body can still be read as a web stream or as text", async () => {
    handler = (res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"a":');
      setTimeout(() => res.end("1}"), 10);
    };
    expect(await (await nodeFetch(origin)).json()).toEqual({ a: 1 });
    const reader = (await nodeFetch(origin)).body?.getReader();
    let body = "";
    for (let r = await reader?.read(); r && !r.done; r = await reader?.read())
      body += Buffer.from(r.value).toString("utf8");
    expect(body).toBe('{"a":1}');
  });
});
