import { describe, expect, it } from "vitest";
import { buildMessage, buildSession, testEnv } from "../../test/builders.ts";
import { ScriptedModel, textAnswer } from "../../test/scripted-model.ts";
import { buildModelRequest } from "../agent/request.ts";
import { runTurn } from "../agent/run-turn.ts";
import { restore } from "../codec/restore.ts";
import { snapshot } from "../codec/snapshot.ts";
import { builtinToolRegistry } from "../tools/builtin-registry.ts";
import { type Attachment, fileTextPart, userContentParts } from "./attachment.ts";

const hashOf = (c: string) => c.repeat(64);
const photo: Attachment = {
  hash: hashOf("a"),
  name: "cat.png",
  mime: "image/png",
  size: 10,
  kind: "image",
};
const notes: Attachment = {
  hash: hashOf("b"),
  name: "notes.md",
  mime: "text/markdown",
  size: 5,
  kind: "text",
  text: "# Hi",
};
const agent = { name: "A", instructions: "", model: "demo", tools: [], maxSteps: 2 };

describe("fileTextPart", () => {
  it("names the file on its first line, escaping what would end the name", () => {
    expect(fileTextPart('a "b" <c> & d\ne.txt', "x")).toBe(
      '<file name="a &quot;b&quot; &lt;c&gt; &amp; d e.txt">\nx\n</file>',
    );
  });
});

describe("userContentParts", () => {
  it("puts the typed text first, then images as data URLs and files as named text parts", () => {
    const parts = userContentParts("look", [photo, notes], new Map([[photo.hash, "data:x"]]));
    expect(parts).toEqual([
      { type: "text", text: "look" },
      { type: "image_url", image_url: { url: "data:x" } },
      { type: "text", text: '<file name="notes.md">\n# Hi\n</file>' },
    ]);
  });

  it("names an image whose bytes are gone instead of dropping it", () => {
    const parts = userContentParts("", [photo], new Map());
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ type: "text" });
    expect(JSON.stringify(parts[0])).toContain('name=\\"cat.png\\"');
  });
});

describe("a request with attachments", () => {
  it("sends a plain string for messages without attachments", () => {
    const request = buildModelRequest(
      agent,
      [buildMessage({ role: "user", content: "hi" })],
      builtinToolRegistry,
    );
    expect(request.messages).toEqual([{ role: "user", content: "hi" }]);
  });

  it("reads the history's images by hash once per turn and keeps the files on the message", async () => {
    const env = testEnv();
    const model = new ScriptedModel([textAnswer("ok")]);
    const read: string[] = [];
    const earlier = buildMessage({ role: "user", content: "before", attachments: [photo] });
    const session = buildSession({ messages: [earlier, buildMessage({ role: "assistant" })] });
    const turn = await runTurn(
      agent,
      session,
      { text: "", attachments: [photo, notes] },
      {
        model,
        ...env,
        readImage: async (hash) => {
          read.push(hash);
          return `data:image/png;base64,${hash.slice(0, 4)}`;
        },
      },
    );
    expect(read).toEqual([photo.hash]);
    expect(turn.messages[0]).toMatchObject({
      role: "user",
      content: "",
      attachments: [photo, notes],
    });
    const last = model.requests[0]?.messages.at(-1);
    expect(last).toEqual({
      role: "user",
      content: [
        { type: "image_url", image_url: { url: "data:image/png;base64,aaaa" } },
        { type: "text", text: '<file name="notes.md">\n# Hi\n</file>' },
      ],
    });
  });

  it("goes on with a named gap when reading an image fails", async () => {
    const model = new ScriptedModel([textAnswer("ok")]);
    const turn = await runTurn(
      agent,
      buildSession(),
      { text: "see", attachments: [photo] },
      { model, ...testEnv(), readImage: () => Promise.reject(new Error("disk")) },
    );
    expect(turn.final).toBe("ok");
    expect(JSON.stringify(model.requests[0]?.messages)).toContain("cat.png");
  });
});

describe("attachments on disk", () => {
  it("survive snapshot and restore, bytes never among them", () => {
    const session = buildSession({
      messages: [buildMessage({ role: "user", content: "x", attachments: [photo, notes] })],
    });
    const disk = snapshot(session);
    expect(disk.messages[0]?.attachments).toEqual([photo, notes]);
    const back = restore(JSON.parse(JSON.stringify(disk)));
    expect(back.ok && back.session.messages[0]?.attachments).toEqual([photo, notes]);
  });

  it("refuses a hash that is not SHA-256 hex, with its path", () => {
    const disk = snapshot(
      buildSession({
        messages: [buildMessage({ attachments: [{ ...photo, hash: "ABC" }] })],
      }),
    );
    const back = restore(disk);
    expect(back.ok).toBe(false);
    if (!back.ok) expect(back.error.path).toBe("$.messages[0].attachments[0].hash");
  });
});
