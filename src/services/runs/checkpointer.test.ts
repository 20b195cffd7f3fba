import { describe, expect, it } from "vitest";
import type { ModelEvent } from "../../core/model.ts";
import { MemorySessionRepository } from "../../persistence/memory-repository.ts";
import { createTestClock } from "../../test/clock.ts";
import { manualTimers } from "../../test/manual-timers.ts";
import { counterRandomBytes } from "../../test/random.ts";
import { servicesOf, testApp } from "../../test/test-app.ts";

/** A model answer the test streams piece by piece with `say`, and ends with `finish`. */
function streamedByTest() {
  const queue: Array<ModelEvent | null> = [];
  let wake = () => {};
  async function* turn(): AsyncIterable<ModelEvent> {
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const event = queue.shift();
      if (!event) return;
      yield event;
    }
  }
  const push = (event: ModelEvent | null) => {
    queue.push(event);
    wake();
  };
  return {
    turn,
    say: (delta: string) => push({ type: "text", delta }),
    finish: () => {
      push({ type: "finish", reason: "stop" });
      push(null);
    },
  };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

async function answering() {
  const clock = createTestClock();
  const timers = manualTimers(clock);
  const repository = new MemorySessionRepository();
  const model = streamedByTest();
  const { store } = testApp([model.turn], {
    repository,
    timers,
    env: { clock, randomBytes: counterRandomBytes() },
  });
  await servicesOf(store).sessions.init();
  const id = await servicesOf(store).sessions.newSession();
  const sending = servicesOf(store).runs.send(id, "tell me");
  await settle();
  const checkpoints = () => repository.writes.filter((w) => w.type === "checkpoint").length;
  /** What a reload after a crash now would show as the answer. */
  const afterCrash = async () => {
    const last = (await repository.open(id))?.messages.at(-1);
    return last?.role === "assistant" ? last.content : undefined;
  };
  const say = async (delta: string) => {
    model.say(delta);
    await settle();
  };
  const advance = async (ms: number) => {
    timers.advance(ms);
    await settle();
  };
  return { model, sending, checkpoints, afterCrash, say, advance };
}

describe("the checkpoint of a streaming answer", () => {
  it("is first written on the first readable text, not on markup alone ('# ')", async () => {
    const run = await answering();
    await run.say("# ");
    await run.advance(0);
    expect(run.checkpoints()).toBe(0);
    await run.say("A ");
    await run.advance(0);
    expect(run.checkpoints()).toBe(1);
    expect(await run.afterCrash()).toBe("# A ");
    run.model.finish();
    await run.sending;
  });

  it("is then written at most once a second, with the latest text", async () => {
    const run = await answering();
    await run.say("First ");
    await run.advance(0);
    expect(run.checkpoints()).toBe(1);
    for (const word of ["words ", "keep ", "coming "]) {
      await run.advance(300);
      await run.say(word);
    }
    expect(run.checkpoints()).toBe(1);
    await run.advance(100);
    expect(run.checkpoints()).toBe(2);
    expect(await run.afterCrash()).toBe("First words keep coming ");
    run.model.finish();
    await run.sending;
  });

  it("holds an answer of markup alone within a second", async () => {
    const run = await answering();
    await run.say("---\n");
    await run.advance(999);
    expect(run.checkpoints()).toBe(0);
    await run.advance(1);
    expect(run.checkpoints()).toBe(1);
    expect(await run.afterCrash()).toBe("---\n");
    run.model.finish();
    await run.sending;
  });
});
