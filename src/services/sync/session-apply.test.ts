import { describe, expect, it } from "vitest";
import type { Message } from "../../core/message.ts";
import type { Session } from "../../core/session.ts";
import { leafOf, versionsOf } from "../../core/tree.ts";
import { mergeSessions } from "../../persistence/tabs/merge.ts";
import { appended, message, session } from "../../test/persistence-builders.ts";
import { noteBefore } from "./merge-base.ts";
import type { Running } from "./running.ts";
import { applySession } from "./session-apply.ts";
import { sessionRecords } from "./sync-records.ts";

const later = (s: Session, seconds: number): string =>
  new Date(Date.parse(s.updatedAt) + seconds * 1000).toISOString();

/**
 * One device: `synced` is what it last sent or applied (the outbox holds its records), `local`
 * what its repository holds now. `arrive` plays the inbox taking another device's records.
 */
function device(synced: Session | undefined, local: Session) {
  const held = synced ? sessionRecords(synced) : new Map<string, string>();
  const running = {
    outbox: { held: () => held },
    unapplied: new Map<string, Set<string>>(),
    arrived: new Set<string>(),
    before: new Map(),
    shown: new Map(),
  } as unknown as Running;
  let stored: Session = local;
  const written: Session[] = [];
  const ports = {
    repository: { read: async () => stored },
    merge: mergeSessions,
    write: async (sessions: Session[]) => {
      written.push(...sessions);
      stored = sessions[0] as Session;
      return true;
    },
  } as unknown as Parameters<typeof applySession>[0];
  return {
    written,
    shown: () => stored,
    /** The other device's version of the session: its records that differ arrive here. */
    async arrive(theirs: Session): Promise<void> {
      for (const [key, json] of sessionRecords(theirs, held)) {
        if (held.get(key) === json) continue;
        noteBefore(running.before, local.id, key, held.get(key));
        held.set(key, json);
      }
      await applySession(ports, running, local.id);
    },
  };
}

const synced = session(4, 2);

describe("applySession merges against what this device last synced", () => {
  it("keeps a local rename not sent yet when the other device's head arrives with a new state key", async () => {
    const renamed = { ...synced, title: "Renamed here", updatedAt: later(synced, 5) };
    const a = device(synced, renamed);
    await a.arrive({ ...synced, state: { step: 2 }, updatedAt: later(synced, 9) });
    expect(a.shown().title).toBe("Renamed here");
    expect(a.shown().state).toEqual({ step: 2 });
  });

  it("keeps a local rename not sent yet when an older head arrives with a new message", async () => {
    const renamed = { ...synced, title: "Renamed here", updatedAt: later(synced, 60) };
    const a = device(synced, renamed);
    await a.arrive(appended(synced, message(2)));
    expect(a.shown().title).toBe("Renamed here");
    expect(a.shown().messages.map((m) => m.id)).toEqual(["m0", "m1", "m2"]);
  });

  it("keeps a local state key and the settings not sent yet beside the arrival's own key", async () => {
    const local: Session = {
      ...synced,
      state: { mine: true },
      settings: { temperature: 0.2 },
      updatedAt: later(synced, 1),
    };
    const a = device(synced, local);
    await a.arrive({ ...synced, state: { theirs: 1 }, updatedAt: later(synced, 30) });
    expect(a.shown().state).toEqual({ mine: true, theirs: 1 });
    expect(a.shown().settings).toEqual({ temperature: 0.2 });
  });

  it("keeps a message changed here and not sent yet when the other device appends", async () => {
    const edited: Message = { ...message(1), content: "finished here" };
    const local = { ...synced, messages: [message(0), edited] };
    const a = device(synced, local);
    await a.arrive(appended(synced, message(2)));
    expect(a.shown().messages).toEqual([message(0), edited, message(2)]);
  });

  it("still takes what only the other device changed", async () => {
    const a = device(synced, synced);
    await a.arrive({
      ...appended(synced, message(2)),
      title: "Renamed there",
      metadata: { pinned: true },
      updatedAt: later(synced, 3),
    });
    expect(a.shown().title).toBe("Renamed there");
    expect(a.shown().metadata).toEqual({ pinned: true });
    expect(a.shown().messages).toHaveLength(3);
  });

  it("without a known base, keeps the head of the side changed last and every message", async () => {
    const local = {
      ...appended(synced, message(5)),
      title: "Renamed later here",
      updatedAt: later(synced, 90),
    };
    const a = device(undefined, local);
    await a.arrive({ ...appended(synced, message(2)), title: "Renamed there" });
    expect(a.shown().title).toBe("Renamed later here");
    const ids = a.shown().messages.map((m) => m.id);
    expect([...ids].sort()).toEqual(["m0", "m1", "m2", "m5"]);

    const b = device(undefined, { ...synced, title: "Old here" });
    await b.arrive({ ...synced, title: "Renamed there", updatedAt: later(synced, 90) });
    expect(b.shown().title).toBe("Renamed there");
  });
});

describe("applySession keeps the branch this device shows", () => {
  const laptop = appended(
    synced,
    message(2, { content: "Written offline on the laptop" }),
    message(3),
  );
  const phone = appended(
    synced,
    message(4, { content: "Written offline on the phone" }),
    message(5),
  );

  it("after both devices appended after the same message offline, each shows the branch it wrote", async () => {
    const a = device(laptop, laptop);
    await a.arrive(phone);
    expect(versionsOf(a.shown().messages, "m2").ids).toEqual(["m2", "m4"]);
    expect(leafOf(a.shown())).toBe("m3");

    const b = device(phone, phone);
    await b.arrive(laptop);
    expect(versionsOf(b.shown().messages, "m4").ids).toHaveLength(2);
    expect(leafOf(b.shown())).toBe("m5");
  });

  it("keeps showing the branch it wrote when the other device's question and its answer arrive apart", async () => {
    const a = device(laptop, laptop);
    await a.arrive(appended(synced, message(4, { content: "Written offline on the phone" })));
    expect(leafOf(a.shown())).toBe("m3");
    // Nothing moved here since that apply, yet the answer is on the branch declined then.
    await a.arrive(phone);
    expect(versionsOf(a.shown().messages, "m2").ids).toEqual(["m2", "m4"]);
    expect(leafOf(a.shown())).toBe("m3");
  });

  it("follows the other device when only it moved: an answer after the shown one, then a new version", async () => {
    const a = device(synced, synced);
    const asked = appended(synced, message(2));
    await a.arrive(asked);
    expect(leafOf(a.shown())).toBe("m2");
    await a.arrive(appended(asked, message(3, { parentId: "m1", content: "asked again" })));
    expect(leafOf(a.shown())).toBe("m3");
  });

  it("keeps a version picked here when the other device answers on another branch", async () => {
    const forked = appended(laptop, message(4, { parentId: "m1" }));
    const picked = { ...forked, leafId: "m3" };
    const a = device(forked, picked);
    await a.arrive(appended(forked, message(5)));
    expect(leafOf(a.shown())).toBe("m3");
  });
});
