import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildMessage, buildSession, testEnv } from "../test/builders.ts";
import { growTree, treeSteps } from "../test/tree-arbitraries.ts";
import { append } from "./session.ts";
import { showLeaf, showVersion } from "./session-ops.ts";
import { latestLeafUnder, leafOf, mayBranch, path, pathTo, treeOf, versionsOf } from "./tree.ts";

const env = testEnv();
const ids = (messages: readonly { id: string }[]) => messages.map((m) => m.id);

describe("the conversation tree", () => {
  it("reads a list without parents as one path, the list itself", () => {
    const messages = [buildMessage(), buildMessage({ role: "assistant" }), buildMessage()];
    const session = buildSession({ messages });
    expect(path(session)).toBe(messages);
    expect(treeOf(messages).linear).toBe(true);
    expect(versionsOf(messages, messages[1]?.id ?? "")).toEqual({
      ids: [messages[1]?.id],
      index: 0,
    });
  });

  it("knows a list without stated parents cannot branch; a leaf before its end still cuts the path", () => {
    const messages = [buildMessage(), buildMessage({ role: "assistant" }), buildMessage()];
    expect(mayBranch(messages)).toBe(false);
    expect(path(buildSession({ messages, leafId: messages[2]?.id ?? "" }))).toBe(messages);
    expect(ids(path(buildSession({ messages, leafId: messages[1]?.id ?? "" })))).toEqual(
      ids(messages.slice(0, 2)),
    );
    const version = buildMessage({ parentId: messages[0]?.id ?? null });
    expect(mayBranch([...messages, version])).toBe(true);
  });

  it("adds a version as a sibling and leaves the other branch as it was", () => {
    const question = buildMessage({ content: "2+3?" });
    const answer = buildMessage({ role: "assistant", content: "5" });
    const later = buildMessage({ content: "add 10" });
    let session = append(buildSession(), [question, answer, later], env);
    session = showLeaf(session, question.id, env);
    expect(ids(path(session))).toEqual([question.id]);
    const again = buildMessage({ role: "assistant", content: "five" });
    session = append(session, [again], env);
    expect(session.messages.slice(0, 3)).toEqual([question, answer, later]);
    expect(session.messages[3]).toEqual({ ...again, parentId: question.id });
    expect(session.leafId).toBeUndefined();
    expect(ids(path(session))).toEqual([question.id, again.id]);
    expect(versionsOf(session.messages, again.id)).toEqual({
      ids: [answer.id, again.id],
      index: 1,
    });
    const back = showVersion(session, answer.id, env);
    expect(ids(path(back))).toEqual([question.id, answer.id, later.id]);
    expect(back.leafId).toBe(later.id);
    expect(back.revision).toBe(session.revision + 1);
  });

  it("starts a new root from an empty path, a version of the first message", () => {
    const first = buildMessage();
    let session = append(buildSession(), [first, buildMessage({ role: "assistant" })], env);
    session = showLeaf(session, null, env);
    expect(path(session)).toEqual([]);
    const edited = buildMessage({ content: "edited" });
    session = append(session, [edited], env);
    expect(session.messages.at(-1)?.parentId).toBeNull();
    expect(versionsOf(session.messages, edited.id)).toEqual({
      ids: [first.id, edited.id],
      index: 1,
    });
  });

  it("treats a parent that is gone as a root and an unknown leaf as the last message", () => {
    const orphan = buildMessage({ parentId: "missing00000" });
    const session = buildSession({ messages: [buildMessage(), orphan], leafId: "nowhere" });
    expect(leafOf(session)).toBe(orphan.id);
    expect(ids(path(session))).toEqual([orphan.id]);
  });

  it("never loops on parents that form a circle", () => {
    const a = buildMessage({ id: "a", parentId: "b" });
    const b = buildMessage({ id: "b", parentId: "a" });
    expect(pathTo([a, b], "b").length).toBeLessThanOrEqual(2);
    expect(latestLeafUnder([a, b], "a")).toMatch(/^[ab]$/);
  });

  it("keeps every message, under the leaf that was shown when it was added (property)", () => {
    fc.assert(
      fc.property(treeSteps, (steps) => {
        const { session, addedUnder } = growTree(steps);
        const tree = treeOf(session.messages);
        for (const [id, under] of addedUnder) expect(tree.parent.get(id)).toBe(under);
        const visible = path(session);
        expect(visible.at(-1)?.id ?? null).toBe(leafOf(session));
        visible.forEach((m, i) => {
          expect(tree.parent.get(m.id)).toBe(visible[i - 1]?.id ?? null);
        });
        for (const m of session.messages) {
          const { ids: versions, index } = versionsOf(session.messages, m.id);
          expect(versions[index]).toBe(m.id);
          expect(ids(pathTo(session.messages, m.id)).at(-1)).toBe(m.id);
        }
      }),
    );
  });
});
