import { describe, expect, it } from "vitest";
import { buildMessage, buildSession } from "../../test/builders.ts";
import { streamingCheckpoint } from "./checkpoint-message.ts";

describe("streamingCheckpoint", () => {
  it("keeps the reasoning streamed so far with the partial answer", () => {
    const session = buildSession({ messages: [buildMessage({ role: "user" })] });
    const run = {
      agent: "Assistant",
      model: "demo",
      startedAt: 0,
      streaming: { messageId: "a1", text: "Half an", reasoning: "Let me think" },
    };
    const checkpoint = streamingCheckpoint(
      { runs: { [session.id]: run }, bodies: { [session.id]: session } },
      session.id,
    );
    expect(checkpoint).toMatchObject({
      id: "a1",
      content: "Half an",
      status: "interrupted",
      reasoning: { text: "Let me think" },
    });
  });
});
