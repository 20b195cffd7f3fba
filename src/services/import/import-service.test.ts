import { describe, expect, it } from "vitest";
import { buildExportDocument } from "../../interop/native-format.ts";
import { MemorySessionRepository } from "../../persistence/memory-repository.ts";
import type { SaveManyOptions, SessionSource, WriteOutcome } from "../../persistence/repository.ts";
import { attachedFixture } from "../../test/attached-sessions.ts";
import { buildSampleSession } from "../../test/interop-sessions.ts";
import { MemoryBlobStore } from "../../test/memory-blobs.ts";
import { MemoryImportReader } from "../../test/memory-import-reader.ts";
import { testApp } from "../../test/test-app.ts";

const app = { name: "Parley", version: "0.1.0" };
const exportFile = (sessions = [buildSampleSession()], name = "parley.json") =>
  new File([JSON.stringify(buildExportDocument(sessions, "2026-11-29T12:00:00.000Z", app))], name, {
    type: "application/json",
  });

async function setup(
  repository = new MemorySessionRepository(),
  blobs = new MemoryBlobStore(),
  garble?: MemoryImportReader["garble"],
) {
  const readers: MemoryImportReader[] = [];
  const setup = testApp([], {
    repository,
    blobs,
    openImportReader: () => {
      const reader = new MemoryImportReader();
      reader.garble = garble;
      readers.push(reader);
      return reader;
    },
  });
  await setup.services.sessions.init();
  return { ...setup, importer: setup.services.importer, readers };
}

class FullBlobDisk extends MemoryBlobStore {
  override async put(): Promise<WriteOutcome> {
    return { ok: false, fault: { kind: "quota" } };
  }
}

class FullDisk extends MemorySessionRepository {
  override async saveMany(_s: SessionSource, _o?: SaveManyOptions): Promise<WriteOutcome> {
    return { ok: false, fault: { kind: "quota" } };
  }
}

describe("the import service", () => {
  it("reads the files, plans against what is stored, and commits the plan all at once", async () => {
    const { importer, store, repository, readers } = await setup();
    const steps: string[] = [];
    importer.subscribe(() => steps.push(importer.getSnapshot().view.step));

    await importer.start([exportFile()]);
    const planned = importer.getSnapshot().view;
    expect(planned.step).toBe("planned");
    expect(planned.step === "planned" && planned.plan.items.map((i) => i.classification)).toEqual([
      "new",
    ]);

    await importer.commit();
    const done = importer.getSnapshot().view;
    expect(done).toMatchObject({ step: "done", error: null });
    expect(done.step === "done" && done.report.added).toHaveLength(1);
    expect(steps).toContain("reading");
    expect(steps).toContain("committing");
    const id = buildSampleSession().id;
    expect(store.getState().summaries[id]?.title).toBe(buildSampleSession().title);
    expect((await repository.open(id))?.messages).toHaveLength(
      buildSampleSession().messages.length,
    );
    expect(readers[0]?.closed).toBe(true);
  });

  it("finds a conversation already in Parley identical, so the plan writes nothing", async () => {
    const { importer } = await setup();
    await importer.start([exportFile()]);
    await importer.commit();
    await importer.start([exportFile()]);
    const view = importer.getSnapshot().view;
    expect(view.step === "planned" && view.plan.items.map((i) => i.classification)).toEqual([
      "identical",
    ]);
  });

  it("refuses a file that is no export without opening a plan, and says what it is", async () => {
    const { importer, readers } = await setup();
    const png = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
      "a.png",
    );
    await importer.start([png]);
    expect(importer.getSnapshot()).toMatchObject({
      view: { step: "idle" },
      others: [{ name: "a.png", kind: "image" }],
    });
    expect(readers).toHaveLength(0);
    importer.dismissOthers();
    expect(importer.getSnapshot().others).toEqual([]);
  });

  it("a full disk imports nothing and says so as a code, every planned write reported failed", async () => {
    const { importer, store } = await setup(new FullDisk());
    await importer.start([exportFile()]);
    await importer.commit();
    const view = importer.getSnapshot().view;
    expect(view).toMatchObject({
      step: "done",
      error: { code: "not_imported", fault: { kind: "quota" } },
    });
    expect(view.step === "done" && view.report.failed.map((f) => f.problem)).toEqual([null]);
    expect(store.getState().summaries).toEqual({});
  });

  it("conversations the reader no longer holds at the commit are a code, not a throw: nothing is written", async () => {
    const { importer, store, readers } = await setup();
    await importer.start([exportFile()]);
    const reader = readers[0];
    if (!reader) throw new Error("no reader was opened");
    reader.forget();
    await importer.commit();
    const view = importer.getSnapshot().view;
    expect(view).toMatchObject({ step: "done", error: { code: "conversations_gone" } });
    expect(view.step === "done" && view.report.added).toEqual([]);
    expect(store.getState().summaries).toEqual({});
  });

  it("a reader's message that fails the page's check refuses the files with a code: nothing is planned", async () => {
    const garble = (message: Record<string, unknown>) => ({ ...message, results: "outlines" });
    const { importer, readers } = await setup(undefined, undefined, garble);

    await importer.start([exportFile()]);
    const view = importer.getSnapshot().view;
    expect(view.step === "planned" && view.plan.items).toEqual([]);
    expect(view.step === "planned" && view.plan.failures).toEqual([
      { fileName: "parley.json", title: "", path: "$", code: "import-message-invalid" },
    ]);
    expect(readers[0]?.closed).toBe(true);
  });

  it("Cancel closes the reader and goes back to idle", async () => {
    const { importer, readers } = await setup();
    await importer.start([exportFile()]);
    importer.cancel();
    expect(importer.getSnapshot().view).toEqual({ step: "idle" });
    expect(readers[0]?.closed).toBe(true);
    await importer.commit();
    expect(importer.getSnapshot().view).toEqual({ step: "idle" });
  });

  it("stores the attachments' checked bytes with the conversations, and a tampered one not at all", async () => {
    const { a, b, blobs, sessions } = await attachedFixture();
    const document = buildExportDocument(sessions, "2026-11-29T12:00:00.000Z", app, blobs);
    const entry = document.attachments?.[1];
    if (!entry) throw new Error("two attachments expected");
    entry.data = `${entry.data.startsWith("A") ? "B" : "A"}${entry.data.slice(1)}`;
    const store = new MemoryBlobStore();
    const { importer, repository, services } = await setup(undefined, store);
    await importer.start([new File([JSON.stringify(document)], "parley.json")]);
    await importer.commit();
    expect(importer.getSnapshot().view).toMatchObject({ step: "done", error: null });
    expect([...store.blobs.keys()]).toEqual([a.hash]);
    expect(store.blobs.get(a.hash)?.bytes).toEqual(blobs.get(a.hash));
    // Held like the page's own attachments, so a sweep before the conversations are written keeps them.
    expect(services.attachments.held().has(a.hash)).toBe(true);
    const stored = await repository.open("000000000002");
    expect(stored?.messages[0]?.attachments).toEqual([b]);
  });

  it("importing the good file after a tampered one stores the missing bytes again, the conversation left as it is", async () => {
    const { a, b, blobs, sessions } = await attachedFixture();
    const good = buildExportDocument(sessions, "2026-11-29T12:00:00.000Z", app, blobs);
    const tampered = structuredClone(good);
    const entry = tampered.attachments?.[1];
    if (!entry) throw new Error("two attachments expected");
    entry.data = `${entry.data.startsWith("A") ? "B" : "A"}${entry.data.slice(1)}`;
    const store = new MemoryBlobStore();
    const { importer, repository } = await setup(undefined, store);
    await importer.start([new File([JSON.stringify(tampered)], "tampered.json")]);
    await importer.commit();
    expect([...store.blobs.keys()]).toEqual([a.hash]);
    const before = await repository.open("000000000001");

    await importer.start([new File([JSON.stringify(good)], "parley.json")]);
    const planned = importer.getSnapshot().view;
    expect(
      planned.step === "planned" &&
        planned.plan.items.map((i) => [i.classification, i.choice, i.restores]),
    ).toEqual([
      ["restore", "restore", [b.hash]],
      ["restore", "restore", [b.hash]],
    ]);
    await importer.commit();
    const done = importer.getSnapshot().view;
    expect(done).toMatchObject({ step: "done", error: null });
    expect(done.step === "done" && done.report).toMatchObject({
      added: [],
      replaced: [],
      restored: [
        { fileName: "parley.json", files: 1 },
        { fileName: "parley.json", files: 1 },
      ],
    });
    expect(store.blobs.get(b.hash)?.bytes).toEqual(blobs.get(b.hash));
    expect((await repository.open("000000000001"))?.revision).toBe(before?.revision);

    await importer.start([new File([JSON.stringify(good)], "parley.json")]);
    const again = importer.getSnapshot().view;
    expect(again.step === "planned" && again.plan.items.map((i) => i.classification)).toEqual([
      "identical",
      "identical",
    ]);
  });

  it("a disk too full for the attachments' bytes imports nothing and says so", async () => {
    const { blobs, sessions } = await attachedFixture();
    const document = buildExportDocument(sessions, "2026-11-29T12:00:00.000Z", app, blobs);
    const { importer, store } = await setup(undefined, new FullBlobDisk());
    await importer.start([new File([JSON.stringify(document)], "parley.json")]);
    await importer.commit();
    expect(importer.getSnapshot().view).toMatchObject({
      step: "done",
      error: { code: "not_imported", fault: { kind: "quota" } },
    });
    expect(Object.keys(store.getState().summaries)).toEqual([]);
  });
});
