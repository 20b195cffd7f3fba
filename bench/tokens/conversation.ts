import { restore } from "../../src/core/codec/index.ts";
import type { Message } from "../../src/core/message.ts";
import { generateSession } from "../data/sessions.ts";

/** The bench's long conversation (the seeded store's, `bench/data/sessions.ts`), as messages. */
export function longConversation(messages: number): Message[] {
  const restored = restore(generateSession({ tag: "Long", count: 1, messages }, 0));
  if (!restored.ok) throw new Error(`generated session is invalid at ${restored.error.path}`);
  return restored.session.messages;
}

/** A new message like the others, with an id of its own. */
export function newMessage(like: Message, index: number): Message {
  return {
    ...like,
    id: `new${String(index).padStart(9, "0")}`,
    content: `${like.content}\n\n(${index})`,
  };
}
