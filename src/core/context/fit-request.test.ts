import { describe, expect, it } from "vitest";
import { buildMessage } from "../../test/builders.ts";
import { fakeSizes } from "../../test/token-sizes.ts";
import type { Message } from "../message.ts";
import { type FitInput, fitRequest } from "./fit-request.ts";

/** Every message costs as many tokens as its content has characters. */
const sizes = fakeSizes((m) => m.content.length);
const SYSTEM = "Be brief.";
/** The system prompt's 9 characters with 4 tokens of framing, and the reply's 3 of priming. */
const FIXED = 9 + 4 + 3;

const user = (length: number, overrides: Partial<Message> = {}) =>
  buildMessage({ role: "user", content: "q".repeat(length), ...overrides });
const answer = (length: number, overrides: Partial<Message> = {}) =>
  buildMessage({ role: "assistant", content: "a".repeat(length), ...overrides });
const turn = (question: number, reply: number) => [user(question), answer(reply)];

/**
 * Window 1,000 with no room for the answer (950 tokens after the 5 % margin) and a new message
 * of 100 tokens, unless `next` says otherwise (null: nothing new, as a pipeline stage continues).
 */
const input = (
  path: Message[],
  { next = user(100), ...extra }: Omit<Partial<FitInput>, "next"> & { next?: Message | null } = {},
): FitInput => ({
  system: SYSTEM,
  path,
  window: 1000,
  reserve: 0,
  sizes,
  ...(next ? { next } : {}),
  ...extra,
});

function fitted(fitInput: FitInput) {
  const result = fitRequest(fitInput);
  if (!result.ok) throw new Error(`expected a fit, got ${result.error.code}`);
  return result.value;
}

describe("fitRequest", () => {
  it("sends the whole path and the new message when they fit, and says nothing is left out", () => {
    const path = [...turn(100, 100), ...turn(100, 100)];
    const next = user(100);
    const fit = fitted(input(path, { next }));
    expect(fit.messages).toEqual([...path, next]);
    expect(fit).toMatchObject({ omitted: 0, firstSentId: path[0]?.id, estimated: false });
    expect(fit.tokens).toBe(FIXED + 500);
    expect(fit.budget).toBe(950);
  });

  it("leaves out the oldest turns first and names the first message sent", () => {
    const turns = [turn(150, 150), turn(150, 150), turn(150, 150), turn(150, 150)];
    const fit = fitted(input(turns.flat()));
    expect(fit.omitted).toBe(4);
    expect(fit.firstSentId).toBe(turns[2]?.[0]?.id);
    expect(fit.messages.slice(0, -1)).toEqual([...(turns[2] ?? []), ...(turns[3] ?? [])]);
    expect(fit.tokens).toBe(FIXED + 100 + 600);
  });

  it("leaves out a turn with its tool calls and results whole, never the result alone", () => {
    const call = { id: "call_1", name: "calculator", arguments: '{"expression":"2+2"}' };
    const toolTurn = [
      user(10),
      answer(0, { content: "", toolCalls: [call] }),
      buildMessage({ role: "tool", content: "r".repeat(500), toolCallId: "call_1" }),
      answer(300),
    ];
    const fit = fitted(input([...toolTurn, ...turn(50, 50)]));
    expect(fit.omitted).toBe(4);
    expect(fit.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  });

  it("keeps the newest turn whole when nothing new is sent, as a pipeline stage continues", () => {
    const path = [...turn(400, 400), user(100), answer(200, { agent: "Translator" })];
    const fit = fitted(input(path, { next: null }));
    expect(fit.messages).toEqual(path.slice(2));
    expect(fit.firstSentId).toBe(path[2]?.id);
  });

  it("says which message is too large, with its tokens and the room there was", () => {
    const big = user(2000);
    expect(fitRequest(input(turn(10, 10), { next: big }))).toEqual({
      ok: false,
      error: { code: "message_too_large", messageId: big.id, tokens: 2000, room: 950 - FIXED },
    });
    const path = [...turn(10, 10), user(500), answer(600)];
    const result = fitRequest(input(path, { next: null }));
    expect(result).toMatchObject({
      ok: false,
      error: { code: "message_too_large", messageId: path[2]?.id, tokens: 1100 },
    });
  });

  it("refuses a window that the system prompt, the tools and the answer's room fill", () => {
    const result = fitRequest(input([], { window: 100, reserve: 80 }));
    expect(result).toEqual({
      ok: false,
      error: { code: "window_too_small", window: 100, reserve: 80, margin: 5, fixed: FIXED },
    });
  });

  it("leaves room for the answer", () => {
    const path = [...turn(100, 100), ...turn(100, 100)];
    expect(fitted(input(path)).omitted).toBe(0);
    const fit = fitted(input(path, { reserve: 500 }));
    expect(fit.omitted).toBe(2);
    expect(fit.budget).toBe(450);
  });

  it("asks for clearly less in the tighter mode of the retry", () => {
    const path = [...turn(100, 100), ...turn(100, 100), ...turn(100, 100), ...turn(100, 100)];
    expect(fitted(input(path)).omitted).toBe(0);
    const tighter = fitted(input(path, { mode: "tighter" }));
    expect(tighter.budget).toBe(800);
    expect(tighter.omitted).toBe(2);
  });

  it("counts stored system messages and empty failed answers as nothing, since none is sent", () => {
    const path = [
      buildMessage({ role: "system", content: "s".repeat(5000) }),
      user(100),
      answer(0, { content: "", status: "error", error: { code: "http_status", status: 502 } }),
      ...turn(100, 100),
    ];
    const fit = fitted(input(path));
    expect(fit.omitted).toBe(0);
    expect(fit.tokens).toBe(FIXED + 400);
  });

  it("counts the tool declarations", () => {
    const tools = [
      {
        type: "function" as const,
        function: { name: "calculator", description: "Adds.", parameters: {} },
      },
    ];
    expect(fitted(input([], { tools })).tokens).toBe(FIXED + 10 + 100);
  });

  it("says so when a count was only the estimate", () => {
    const estimated = fakeSizes((m) => m.content.length, "estimate");
    expect(fitted(input(turn(10, 10), { sizes: estimated })).estimated).toBe(true);
  });
});
