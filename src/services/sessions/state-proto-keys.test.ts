import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { restore } from "../../core/codec/restore.ts";
import { snapshot } from "../../core/codec/snapshot.ts";
import type { JsonObject } from "../../core/json.ts";
import type { Session } from "../../core/session.ts";
import { stateDeleteTool, stateGetTool } from "../../core/tools/state-tools.ts";
import { freshName, openTab } from "../../persistence/idb-test-kit.ts";
import { MemorySessionRepository } from "../../persistence/memory-repository.ts";
import { mergeSessions } from "../../persistence/tabs/merge.ts";
import { headChange, session as numbered } from "../../test/persistence-builders.ts";
import { textAnswer, toolCallAnswer } from "../../test/scripted-model.ts";
import { servicesOf, testApp } from "../../test/test-app.ts";
import { parseState } from "../../ui/session/parse-state.ts";
import { formatState } from "../../ui/session/state-draft.ts";

/** A state whose `__proto__` key is data, as `JSON.parse` gives it. */
const withProto = (value = '{"polluted":"yes"}', rest = ""): JsonObject =>
  JSON.parse(`{"__proto__":${value}${rest}}`);

const base = numbered(0xabc001, 2);

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

async function tab(name: string) {
  const opened = await openTab(name);
  closers.push(() => opened.repository.close());
  return opened.repository;
}

const must = (s: Session | undefined): Session => {
  if (!s) throw new Error("the session should exist");
  return s;
};

/** `__proto__` is an own data key holding `expected`, and no prototype changed anywhere. */
function expectProtoKept(state: JsonObject, expected: unknown = { polluted: "yes" }) {
  expect(Object.getPrototypeOf(state)).toBe(Object.prototype);
  expect(Object.hasOwn(state, "__proto__")).toBe(true);
  expect(Object.getOwnPropertyDescriptor(state, "__proto__")?.value).toEqual(expected);
  expect(Object.keys(state)).toContain("__proto__");
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

interface ProtoPath {
  path: string;
  /** The state after the path, with `__proto__` going in as `expected`. */
  run(): Promise<JsonObject>;
  expected?: unknown;
}

const paths: ProtoPath[] = [
  {
    path: "tool state_set, then the store",
    async run() {
      const { store } = await sendProtoThroughTool(await tab(freshName()));
      return must(Object.values(store.getState().bodies)[0]).state;
    },
  },
  {
    path: "tool state_set, then IndexedDB, then a reload",
    async run() {
      const name = freshName();
      const { id } = await sendProtoThroughTool(await tab(name));
      return must(await (await tab(name)).open(id)).state;
    },
  },
  {
    path: "codec snapshot, then restore",
    async run() {
      const restored = restore(snapshot({ ...base, state: withProto() }));
      if (!restored.ok) throw new Error(JSON.stringify(restored.error));
      return restored.session.state;
    },
  },
  {
    path: "codec snapshot, JSON text, then restore",
    async run() {
      const text = JSON.stringify(snapshot({ ...base, state: withProto() }));
      const restored = restore(JSON.parse(text));
      if (!restored.ok) throw new Error(JSON.stringify(restored.error));
      return restored.session.state;
    },
  },
  {
    path: "the memory repository",
    async run() {
      const repository = new MemorySessionRepository();
      await repository.load();
      await repository.save({ ...base, state: withProto() }, { kind: "whole" });
      return must(await repository.open(base.id)).state;
    },
  },
  {
    path: "the merge of two tabs' edits: this tab added it",
    async run() {
      const ours = { ...base, state: withProto(), revision: 3 };
      const theirs = { ...base, state: { other: 1 }, revision: 3 };
      const merged = mergeSessions(base, ours, theirs).state;
      expect(merged.other).toBe(1);
      return merged;
    },
  },
  {
    path: "the merge of two tabs' edits: this tab added it empty",
    expected: {},
    async run() {
      const ours = { ...base, state: withProto("{}"), revision: 3 };
      const theirs = { ...base, state: { other: 1 }, revision: 3 };
      return mergeSessions(base, ours, theirs).state;
    },
  },
  {
    path: "the merge of two tabs' edits: the other tab added it",
    async run() {
      const ours = { ...base, state: { mine: 1 }, revision: 3 };
      const theirs = { ...base, state: withProto(), revision: 3 };
      const merged = mergeSessions(base, ours, theirs).state;
      expect(merged.mine).toBe(1);
      return merged;
    },
  },
  {
    path: "two IndexedDB tabs saving at once, then a reload",
    async run() {
      const name = freshName();
      const a = await tab(name);
      await a.save(base, { kind: "whole" }, { immediate: true });
      const b = await tab(name);
      const inA = must(await a.open(base.id));
      const inB = must(await b.open(base.id));
      await a.save({ ...inA, state: { fromA: true }, revision: inA.revision + 1 }, headChange(inA));
      await b.save({ ...inB, state: withProto(), revision: inB.revision + 1 }, headChange(inB));
      const stored = must(await (await tab(name)).open(base.id)).state;
      expect(stored.fromA).toBe(true);
      return stored;
    },
  },
  {
    path: "the Session details editor, then IndexedDB, then a reload",
    async run() {
      const name = freshName();
      const repository = await tab(name);
      const { store } = testApp([], { repository });
      await servicesOf(store).sessions.init();
      const id = await servicesOf(store).sessions.newSession();
      const parsed = parseState(formatState(withProto()));
      if (!parsed.ok) throw new Error(parsed.reason);
      await servicesOf(store).edits.setState(id, parsed.value);
      expect(formatState(store.getState().bodies[id]?.state)).toContain('"__proto__"');
      return must(await (await tab(name)).open(id)).state;
    },
  },
];

async function sendProtoThroughTool(repository: Awaited<ReturnType<typeof tab>>) {
  const { store } = testApp(
    [
      toolCallAnswer([
        {
          id: "c1",
          name: "state_set",
          arguments: { key: "__proto__", value: { polluted: "yes" } },
        },
      ]),
      textAnswer("Stored."),
    ],
    { repository },
  );
  await servicesOf(store).sessions.init();
  const id = await servicesOf(store).sessions.newSession();
  await servicesOf(store).runs.send(id, "remember this");
  return { store, id };
}

describe("a __proto__ key in a conversation's state stays data", () => {
  it.each(paths)("through $path", async ({ run, expected }) => {
    expectProtoKept(await run(), expected);
  });

  it("is read and deleted by the state tools like any key", async () => {
    let state = withProto('{"polluted":"yes"}', ',"name":"Li"');
    const ctx = {
      get state() {
        return state;
      },
      setState(next: JsonObject) {
        state = next;
      },
      now: () => 0,
    };
    expect(await stateGetTool.run({ key: "__proto__" }, ctx)).toEqual({ polluted: "yes" });
    expect(await stateDeleteTool.run({ key: "__proto__" }, ctx)).toEqual({ deleted: true });
    expect(Object.hasOwn(state, "__proto__")).toBe(false);
    expect(state).toEqual({ name: "Li" });
    expect(await stateGetTool.run({ key: "__proto__" }, ctx)).toBeNull();
  });
});
