import { describe, expect, it } from "vitest";
import { initialState } from "../../store/app-state.ts";
import { createAppStore } from "../../store/app-store.ts";
import { defaultSettings } from "../../store/settings.ts";
import { buildMessage, buildSession, testEnv } from "../../test/builders.ts";
import { createTestClock } from "../../test/clock.ts";
import type { FrameScheduler } from "../ports.ts";
import { FRAME_SLACK_MS, REVEAL_MS, type RunProgress, runEventHandler } from "./run-events.ts";

/** Frames that come only when the test says so; `delays` are the waits each request asked for. */
function manualFrames() {
  const waiting = new Map<number, () => void>();
  const delays: number[] = [];
  let next = 0;
  const frames: FrameScheduler = {
    request(fn, afterMs = 0) {
      next += 1;
      waiting.set(next, fn);
      delays.push(afterMs);
      return next;
    },
    cancel: (handle) => waiting.delete(handle as number),
  };
  const paint = () => {
    const due = [...waiting.values()];
    waiting.clear();
    for (const fn of due) fn();
  };
  return { frames, paint, pending: () => waiting.size, delays };
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
  const { frames, paint, pending, delays } = manualFrames();
  const progress: RunProgress = { userMessageId: null, answered: false, stateChanged: false };
  const clock = createTestClock();
  const handle = runEventHandler(
    {
      access: store,
      env: { ...testEnv(), clock },
      commit: async () => {},
      checkpoint: (id) => checkpoints.push(id),
      frames,
    },
    "s",
    progress,
  );
  return { store, handle, paint, pending, updates, checkpoints, progress, clock, delays };
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

  it("shows an answer's first text at the next frame, then at most once per REVEAL_MS", async () => {
    const { handle, paint, updates, clock, delays } = setup();
    await handle(text("One"));
    expect(delays).toEqual([0]);
    paint();
    clock.advance(30);
    await handle(text(" two"));
    clock.advance(20);
    await handle(text(" three"));
    // One request for both pieces, asking for the rest of the interval since the last reveal.
    expect(delays).toEqual([0, REVEAL_MS - 30]);
    paint();
    expect(updates).toEqual(["One", "One two three"]);
    clock.advance(REVEAL_MS + 5);
    await handle(text(" four"));
    expect(delays.at(-1)).toBe(0);
  });

  it("asks for the next frame, not a timer, when less than a frame of the interval is left", async () => {
    const { handle, paint, updates, clock, delays } = setup();
    await handle(text("One"));
    paint();
    clock.advance(REVEAL_MS - FRAME_SLACK_MS);
    await handle(text(" two"));
    expect(delays).toEqual([0, 0]);
    paint();
    clock.advance(REVEAL_MS - FRAME_SLACK_MS - 1);
    await handle(text(" three"));
    expect(delays.at(-1)).toBe(FRAME_SLACK_MS + 1);
    paint();
    expect(updates).toEqual(["One", "One two", "One two three"]);
  });

  it("joins reasoning like text, and keeps it beside the answer's text", async () => {
    const { store, handle, paint, updates, checkpoints } = setup();
    for (const piece of ["Let me ", "think."]) {
      await handle({ type: "reasoning", delta: piece, messageId: "m1" });
    }
    await handle(text("Answer"));
    expect(updates).toEqual([]);
    paint();
    expect(store.getState().runs.s?.streaming).toEqual({
      messageId: "m1",
      text: "Answer",
      reasoning: "Let me think.",
    });
    expect(checkpoints).toEqual(["s"]);
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
