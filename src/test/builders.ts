import type { AgentConfig } from "../core/agent-types.ts";
import type { CoreEnv } from "../core/env.ts";
import type { Message } from "../core/message.ts";
import type { Session } from "../core/session.ts";
import { createTestClock, TEST_EPOCH } from "./clock.ts";
import { counterRandomBytes } from "./random.ts";

/** A clock at {@link TEST_EPOCH} that moves 10 ms per reading, and counter ids. */
export function testEnv(): CoreEnv & { clock: ReturnType<typeof createTestClock> } {
  return { clock: createTestClock(TEST_EPOCH, 10), randomBytes: counterRandomBytes() };
}

let messageCounter = 0;

/** A message with plausible defaults; override what the test is about. */
export function buildMessage(overrides: Partial<Message> = {}): Message {
  messageCounter++;
  return {
    id: `m${String(messageCounter).padStart(11, "0")}`,
    role: "user",
    content: `message ${messageCounter}`,
    createdAt: new Date(TEST_EPOCH + messageCounter * 1000).toISOString(),
    ...overrides,
  };
}

/** A session with plausible defaults; override what the test is about. */
export function buildSession(overrides: Partial<Session> = {}): Session {
  const at = new Date(TEST_EPOCH).toISOString();
  return {
    id: "0123456789ab",
    createdAt: at,
    updatedAt: at,
    title: "",
    metadata: {},
    state: {},
    messages: [],
    revision: 0,
    ...overrides,
  };
}

/** An agent with the calculator and state_set, four steps at most; override what the test is about. */
export function buildAgent(overrides: Partial<AgentConfig> = {}): AgentConfig {
  return {
    name: "Assistant",
    instructions: "Be brief.",
    model: "demo",
    tools: ["calculator", "state_set"],
    maxSteps: 4,
    ...overrides,
  };
}
