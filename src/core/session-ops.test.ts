import { describe, expect, it } from "vitest";
import { buildMessage, testEnv } from "../test/builders.ts";
import { ID_PATTERN } from "./id.ts";
import type { JsonObject } from "./json.ts";
import { append, createSession } from "./session.ts";
import { removeMessages, rename, revertTo, setMetadata, setState } from "./session-ops.ts";
import { UnsavableChangeError } from "./unsavable.ts";

function fresh() {
  const env = testEnv();
  return { env, session: createSession(env) };
}

describe("createSession", () => {
  it("has a 12-hex id, ISO times with a zone, and revision 0", () => {
    const { session } = fresh();
    expect(session.id).toMatch(ID_PATTERN);
    expect(session.createdAt).toBe("2026-11-29T10:00:00.000Z");
    expect(session.updatedAt).toBe(session.createdAt);
    expect(session).toMatchObject({
      title: "",
      messages: [],
      state: {},
      metadata: {},
      revision: 0,
    });
  });
});

describe("session operations", () => {
  it("return new objects, bump revision and updatedAt, keep id and createdAt", () => {
    const { env, session } = fresh();
    const m = buildMessage({ content: "hello" });
    const steps = [
      (s: typeof session) => append(s, [m], env),
      (s: typeof session) => rename(s, "Greeting", env),
      (s: typeof session) => append(s, [buildMessage()], env),
      (s: typeof session) => setState(s, { a: 1 }, env),
      (s: typeof session) => setMetadata(s, { pinned: true }, env),
      (s: typeof session) => removeMessages(s, [m.id], env),
    ];
    let current = session;
    for (const step of steps) {
      const next = step(current);
      expect(next).not.toBe(current);
      expect(next.revision).toBe(current.revision + 1);
      expect(Date.parse(next.updatedAt)).toBeGreaterThan(Date.parse(current.updatedAt));
      expect(next.id).toBe(session.id);
      expect(next.createdAt).toBe(session.createdAt);
      current = next;
    }
    expect(session).toMatchObject({ revision: 0, title: "", messages: [], state: {} });
    expect(current).toMatchObject({
      title: "Greeting",
      state: { a: 1 },
      metadata: { pinned: true },
    });
    expect(current.messages).toHaveLength(1);
  });

  it("return the same session when nothing changes", () => {
    const { env, session } = fresh();
    expect(append(session, [], env)).toBe(session);
    expect(removeMessages(session, ["nope"], env)).toBe(session);
  });

  it("the first user message names an untitled session; a rename sticks", () => {
    const { env, session } = fresh();
    const titled = append(
      session,
      [
        buildMessage({ role: "system", content: "sys" }),
        buildMessage({ content: "\n  先算 2+3，\n再把结果乘 4" }),
      ],
      env,
    );
    expect(titled.title).toBe("先算 2+3，");
    const renamed = rename(titled, "  My   sums  ", env);
    expect(renamed.title).toBe("My sums");
    expect(append(renamed, [buildMessage({ content: "more" })], env).title).toBe("My sums");
  });

  it("setState and setMetadata refuse JSON the codec would not read back, naming the path", () => {
    const { env, session } = fresh();
    let deep: JsonObject = { leaf: 1 };
    for (let i = 0; i < 64; i++) deep = { a: deep };
    const refusal = (change: () => unknown) => {
      try {
        change();
      } catch (error) {
        return error;
      }
      throw new Error("the change was not refused");
    };
    const deepError = refusal(() => setState(session, deep, env));
    expect(deepError).toBeInstanceOf(UnsavableChangeError);
    expect((deepError as UnsavableChangeError).problem).toEqual({
      path: `$.state${".a".repeat(64)}`,
      code: "field-not-json",
      problem: "too-deep",
      maxDepth: 64,
    });
    const nanError = refusal(() => setMetadata(session, { score: Number.NaN }, env));
    expect((nanError as UnsavableChangeError).problem.path).toBe("$.metadata.score");
    let fits: JsonObject = { leaf: 1 };
    for (let i = 0; i < 62; i++) fits = { a: fits };
    expect(setState(session, fits, env).state).toBe(fits);
  });

  it("revertTo puts back earlier messages and state as a newer revision, keeping title and metadata", () => {
    const { env, session } = fresh();
    const earlier = setState(
      append(session, [buildMessage({ content: "kept" })], env),
      { a: 1 },
      env,
    );
    const later = setMetadata(
      rename(append(setState(earlier, { a: 2 }, env), [buildMessage()], env), "Named", env),
      { pinned: true },
      env,
    );
    const back = revertTo(later, earlier, env);
    expect(back.messages).toEqual(earlier.messages);
    expect(back.state).toEqual({ a: 1 });
    expect(back).toMatchObject({ title: "Named", metadata: { pinned: true } });
    expect(back.revision).toBe(later.revision + 1);
  });
});
