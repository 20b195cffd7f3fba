import { describe, expect, it } from "vitest";
import { initialState } from "../../store/app-state.ts";
import { createAppStore } from "../../store/app-store.ts";
import { defaultSettings } from "../../store/settings.ts";
import { buildMessage, buildSession, testEnv } from "../../test/builders.ts";
import type { FrameScheduler } from "../ports.ts";
import { type RunProgress, runEventHandler } from "./run-events.ts";

/** Frames that come only when the test says so. */
function manualFrames() {
  const waiting = new Map<number, () => void>();
  let next = 0;
  const frames: FrameScheduler = {
    request(fn) {
      next += 1;
      waiting.set(next, fn);
      return next;
    },
    cancel: (handle) => waiting.delete(handle as number),
  };
  const paint = () => {
    const due = [...waiting.values()];
    waiting.clear();
    for (const fn of due) fn();
  };
  return { frames, paint, pending: () => waiting.size };
}

function setup() {
  const store = createAppStore(
    initialState({
      settings: defaultSettings,
      browserLocale: "en",
      agents: [],
      storageFault: null,
    }),
  );
  store.setState({
    runs: { s: { agent: "a", model: "m", streaming: null, startedAt: 0 } },
  });
  const updates: string[] = [];
  store.subscribe((state, previous) => {
    if (state.runs !== previous.runs) updates.push(state.runs.s?.streaming?.text ?? "");
  });
  const checkpoints: string[] = [];
  const { frames, paint, pending } = manualFrames();
  const progress: RunProgress = { userMessageId: null, answered: false, stateChanged: false };
  const handle = runEventHandler(
    {
      access: store,
      env: testEnv(),
      commit: async () => {},
      checkpoint: (id) => checkpoints.push(id),
      frames,
    },
    "s",
    progress,
  );
  return { store, handle, paint, pending, updates, checkpoints, progress };
}

const text = (delta: string, messageId = "m1") => ({ type: "text" as const, delta, messageId });

describe("the events of a run", () => {
  it("joins the text of one frame into one store update and one checkpoint", async () => {
    const { store, handle, paint, pending, updates, checkpoints, progress } = setup();
    for (const piece of ["Hel", "lo", ", ", "world"]) await handle(text(piece));
    expect(updates).toEqual([]);
    expect(pending()).toBe(1);
    expect(progress.answered).toBe(true);
    paint();
    expect(updates).toEqual(["Hello, world"]);
    expect(checkpoints).toEqual(["s"]);
    await handle(text("!"));
    paint();
    expect(store.getState().runs.s?.streaming?.text).toBe("Hello, world!");
    expect(updates).toHaveLength(2);
  });

  it("applies waiting text before the next event, so nothing is lost or out of order", async () => {
    const { store, handle, pending, updates } = setup();
    await handle(text("first answer"));
    await handle({ type: "error", error: { code: "aborted" } });
    expect(updates).toEqual(["first answer"]);
    expect(pending()).toBe(0);
    await handle(text("second", "m2"));
    handle.flush();
    expect(store.getState().runs.s?.streaming).toEqual({ messageId: "m2", text: "second" });
  });

  it("starts a new answer's text apart from the one before it", async () => {
    const { handle, paint, updates } = setup();
    await handle(text("one", "m1"));
    await handle(text("two", "m2"));
    paint();
    expect(updates).toEqual(["one", "two"]);
  });

  it("clears the streamed text once the answer is a message", async () => {
    const { store, handle, paint } = setup();
    store.setState({ bodies: { s: buildSession({ id: "s" }) } });
    await handle(text("partial"));
    await handle({ type: "message", message: buildMessage({ id: "m1", role: "assistant" }) });
    paint();
    expect(store.getState().runs.s?.streaming).toBeNull();
  });

  it("keeps what the run is doing before an answer streams, until it says it is done", async () => {
    const { store, handle } = setup();
    await handle({ type: "activity", activity: "summarizing" });
    expect(store.getState().runs.s?.activity).toBe("summarizing");
    await handle({ type: "activity", activity: null });
    expect(store.getState().runs.s?.activity).toBeNull();
  });
});
