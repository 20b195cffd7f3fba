import { describe, expect, it } from "vitest";
import { TITLE_INSTRUCTION } from "../../core/agent/title-request.ts";
import type { ModelEvent } from "../../core/model.ts";
import { buildExportDocument } from "../../interop/native-format.ts";
import { buildSampleSession } from "../../test/interop-sessions.ts";
import { MemoryImportReader } from "../../test/memory-import-reader.ts";
import { type ScriptedTurn, textAnswer } from "../../test/scripted-model.ts";
import { heldAnswer, testApp } from "../../test/test-app.ts";

const QUESTION = "Plan a trip to Japan\nin spring, for two weeks";
const FIRST_LINE = "Plan a trip to Japan";

/** Lets every promise the services started settle (in memory nothing waits for a timer). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await settle();
  }
  throw new Error(`gave up waiting for ${what}`);
};

async function chat(titleTurns: ScriptedTurn[]) {
  const app = testApp([textAnswer("Here is a plan."), textAnswer("Autumn works too.")], {
    titleTurns,
    openImportReader: () => new MemoryImportReader(),
  });
  await app.services.sessions.init();
  const id = await app.services.sessions.newSession();
  const title = (sessionId = id) => app.store.getState().summaries[sessionId]?.title;
  return { ...app, id, title };
}

describe("a conversation's generated title", () => {
  it("is asked for once, after the first answer, of the model that answered, and replaces the first line", async () => {
    const { services, model, titleModel, repository, id, title } = await chat([
      textAnswer('Title: "Spring in Japan."'),
    ]);
    await services.runs.send(id, QUESTION);
    await until(() => title() === "Spring in Japan", "the generated title");

    const [ask] = titleModel.requests;
    expect(ask?.model).toBe(model.requests[0]?.model);
    expect(ask?.messages).toEqual([
      { role: "system", content: TITLE_INSTRUCTION },
      { role: "user", content: `[user]\n${QUESTION}\n\n[assistant]\nHere is a plan.` },
    ]);
    expect(ask?.tools).toBeUndefined();
    expect((await repository.open(id))?.title).toBe("Spring in Japan");

    await services.runs.send(id, "And in autumn?");
    await settle();
    expect(titleModel.requests).toHaveLength(1);
    expect(model.requests).toHaveLength(2);
    expect(title()).toBe("Spring in Japan");
  });

  const failures: Array<[string, ModelEvent[]]> = [
    ["the request fails", [{ type: "error", error: { code: "unreachable" } }]],
    ["the answer is empty", textAnswer(" \n ")],
    ["the answer is the first line again", textAnswer(`"${FIRST_LINE}."`)],
  ];
  it.each(failures)("keeps the first line, saying nothing, when %s", async (_, turn) => {
    const { store, services, titleModel, id, title } = await chat([turn]);
    await services.runs.send(id, QUESTION);
    await until(() => titleModel.remaining === 0, "the title request");
    await settle();
    expect(title()).toBe(FIRST_LINE);
    expect(store.getState().failures[id]).toBeUndefined();
  });

  it("is not asked for when the user named the conversation before its first answer", async () => {
    const { services, titleModel, id, title } = await chat([textAnswer("Spring in Japan")]);
    await services.edits.rename(id, "Our holiday");
    await services.runs.send(id, QUESTION);
    await settle();
    expect(titleModel.requests).toHaveLength(0);
    expect(title()).toBe("Our holiday");
  });

  it("gives way to a rename made while it is asked for", async () => {
    const held = heldAnswer("Spring ", "in Japan");
    const { services, titleModel, id, title } = await chat([held.turn]);
    await services.runs.send(id, QUESTION);
    await until(() => titleModel.requests.length === 1, "the title request");
    await services.edits.rename(id, "Our holiday");
    held.release();
    await settle();
    expect(titleModel.remaining).toBe(0);
    expect(title()).toBe("Our holiday");
  });

  it("leaves an imported conversation as it came, also when it goes on here", async () => {
    const { services, titleModel, title } = await chat([textAnswer("Sums")]);
    // Titled by its first line, as a conversation started here is before its first answer.
    const imported = buildSampleSession({ title: "What is 2+3?" });
    const file = new File(
      [
        JSON.stringify(
          buildExportDocument([imported], "2026-11-29T12:00:00.000Z", {
            name: "Parley",
            version: "0.1.0",
          }),
        ),
      ],
      "parley.json",
      { type: "application/json" },
    );
    await services.importer.start([file]);
    await services.importer.commit();
    expect(title(imported.id)).toBe("What is 2+3?");

    await services.runs.send(imported.id, "And 3+4?");
    await settle();
    expect(titleModel.requests).toHaveLength(0);
    expect(title(imported.id)).toBe("What is 2+3?");
  });
});
