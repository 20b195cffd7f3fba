import { describe, expect, it } from "vitest";
import { buildSampleSession } from "../test/interop-sessions.ts";
import { outlineOf } from "./conversation-outline.ts";
import { readWorkerMessage } from "./import-worker-messages.ts";

const outline = outlineOf(buildSampleSession(), 0, [{ code: "versions", count: 2 }]);
const readMessage = {
  type: "read",
  results: [
    {
      ok: true,
      file: {
        fileName: "a.json",
        format: { id: "parley", version: 3 },
        conversations: [outline],
        failures: [{ code: "duplicate-id", id: "abc", path: "$.sessions[1]", title: "" }],
        warnings: [{ code: "attachment-invalid", field: { code: "field-missing" }, path: "$" }],
      },
    },
    { ok: false, fileName: "b.json", error: { code: "file-empty", path: "$" } },
  ],
};

describe("the page's check of the import worker's messages", () => {
  it("passes each kind of message the worker sends, as it was sent", () => {
    const messages = [
      readMessage,
      {
        type: "progress",
        fileIndex: 0,
        fileName: "a.json",
        progress: { phase: "parsing", done: 1, total: 2 },
      },
      {
        type: "blobs",
        blobs: [{ hash: "a".repeat(64), mime: "image/png", bytes: new Uint8Array(3) }],
      },
      { type: "sessions", batch: new ArrayBuffer(8), count: 1, done: 1, total: 1 },
      { type: "gone" },
      { type: "failed" },
    ];
    for (const message of messages) {
      const read = readWorkerMessage(message);
      expect(read.ok && read.value).toBe(message);
    }
  });

  it("names where a message is wrong with a code, never a sentence", () => {
    const [file, refused] = readMessage.results;
    const conversations = [{ ...outline, messageCount: "many" }];
    const broken = {
      ...readMessage,
      results: [{ ...file, file: { ...file?.file, conversations } }, refused],
    };
    expect(readWorkerMessage(broken)).toEqual({
      ok: false,
      error: {
        code: "worker_message_invalid",
        path: "$.results[0].file.conversations[0].messageCount",
      },
    });
  });

  it("refuses what is no message of the worker: another type, a batch that is not bytes, nothing", () => {
    for (const data of [
      { type: "hello" },
      { type: "sessions", batch: "bytes", count: 1, done: 1, total: 1 },
      null,
      "read",
    ])
      expect(readWorkerMessage(data)).toMatchObject({
        ok: false,
        error: { code: "worker_message_invalid" },
      });
  });
});
