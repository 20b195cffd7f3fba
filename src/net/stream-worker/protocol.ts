import * as z from "zod/mini";
import type { ModelEvent, ModelRequest } from "../../core/model.ts";

/** What the page asks of the stream worker. */
export type StreamWorkerRequest =
  | {
      type: "start";
      id: number;
      /** Absolute: a worker resolves relative URLs against its script, not the page. */
      baseUrl: string;
      accessToken?: string;
      request: Omit<ModelRequest, "signal">;
    }
  | { type: "abort"; id: number };

/** What the worker answers: one stream's events, joined where they can be; `done` ends it. */
export interface StreamWorkerReply {
  id: number;
  events: ModelEvent[];
  done: boolean;
}

const text = z.string();
// The events' inner shapes (tool calls, usage, errors) were checked by the chunk assembler in
// the worker; here the page checks the envelope and each event's kind, the boundary it crosses.
const event = z.union([
  z.object({ type: z.literal("text"), delta: text }),
  z.object({ type: z.literal("reasoning"), delta: text }),
  z.looseObject({ type: z.literal("tool_call"), call: z.looseObject({ id: text, name: text }) }),
  z.looseObject({ type: z.literal("usage"), usage: z.looseObject({}) }),
  z.looseObject({ type: z.literal("param_notes"), notes: z.array(z.looseObject({})) }),
  z.looseObject({ type: z.literal("finish"), reason: text }),
  z.looseObject({ type: z.literal("error"), error: z.looseObject({ code: text }) }),
]);

const reply = z.object({ id: z.number(), events: z.array(event), done: z.boolean() });

/** The worker's message, or null when it is not one (a bug, or a page it was not made for). */
export function readReply(data: unknown): StreamWorkerReply | null {
  const parsed = reply.safeParse(data);
  // The message itself, not zod's copy: it passed, and the events keep their full shapes.
  return parsed.success ? (data as StreamWorkerReply) : null;
}
