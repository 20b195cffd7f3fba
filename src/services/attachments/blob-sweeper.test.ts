import { describe, expect, it } from "vitest";
import type { Attachment } from "../../core/attachments/attachment.ts";
import { MemoryBlobStore } from "../../test/memory-blobs.ts";
import { textAnswer } from "../../test/scripted-model.ts";
import { testApp } from "../../test/test-app.ts";

const image = (c: string): Attachment => ({
  hash: c.repeat(64),
  name: `${c}.png`,
  mime: "image/png",
  size: 1,
  kind: "image",
});
const bytes = { bytes: new Uint8Array([1]), mime: "image/png" };

/** Two chats: the first carries images a and b, the second b; c is stored by nobody. */
async function setup() {
  const blobs = new MemoryBlobStore();
  for (const c of ["a", "b", "c"]) await blobs.put(c.repeat(64), bytes);
  const { services, store } = testApp([textAnswer("one"), textAnswer("two")], { blobs });
  await services.sessions.init();
  const first = await services.sessions.newSession();
  await services.runs.send(first, "one", [image("a"), image("b")]);
  const second = await services.sessions.newSession();
  await services.runs.send(second, "two", [image("b")]);
  return { blobs, services, store, first };
}

const settled = async (blobs: MemoryBlobStore, count: number) => {
  for (let i = 0; i < 200 && blobs.blobs.size !== count; i++)
    await new Promise((resolve) => setTimeout(resolve, 0));
};

describe("attachment bytes after a delete", () => {
  it("stay through the Undo window, then go unless another message refers to them", async () => {
    const { blobs, services, first } = await setup();
    await services.trash.delete(first);
    expect([...blobs.blobs.keys()].map((h) => h[0])).toEqual(["a", "b", "c"]);
    services.trash.dismiss();
    await settled(blobs, 1);
    expect([...blobs.blobs.keys()].map((h) => h[0])).toEqual(["b"]);
  });

  it("come back with Undo, all of them", async () => {
    const { blobs, services, first } = await setup();
    await services.trash.delete(first);
    await services.trash.undo();
    expect(blobs.blobs.size).toBe(3);
  });

  it("this page stored are kept, since a composer may still send them", async () => {
    const { blobs, services, first } = await setup();
    const file = { name: "n.txt", size: 1, arrayBuffer: async () => new Uint8Array([0x61]).buffer };
    await services.attachments.add(null, [file]);
    const held = attachments(services.attachments.pending(null));
    await services.trash.delete(first);
    services.trash.dismiss();
    await settled(blobs, 2);
    expect(new Set(blobs.blobs.keys())).toEqual(new Set(["b".repeat(64), ...held]));
  });
});

function attachments(list: readonly Attachment[]): string[] {
  return list.map((a) => a.hash);
}
