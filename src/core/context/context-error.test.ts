import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ModelError } from "../model.ts";
import { contextLengthError, type ErrorFacts, modelErrorFacts } from "./context-error.ts";

const ERRORS = join(import.meta.dirname, "../../../fixtures/errors");

/** An upstream's error body as its fields: `{ error: {...} }`, Anthropic's, or vLLM's flat one. */
function facts(file: string, status: number): ErrorFacts {
  const body = JSON.parse(readFileSync(join(ERRORS, file), "utf8")) as Record<string, unknown>;
  const fields = (typeof body.error === "object" ? body.error : body) as Record<string, unknown>;
  const text = (key: string) => (typeof fields[key] === "string" ? fields[key] : undefined);
  const code = fields.code;
  return {
    status,
    type: text("type"),
    code: typeof code === "string" || typeof code === "number" ? code : null,
    message: text("message"),
  };
}

describe("contextLengthError on the recorded provider errors", () => {
  it.each([
    ["openai-400-context-length-exceeded.json", 400, { limit: 8192, requested: 8193 }],
    ["openai-400-context-length-with-completion.json", 400, { limit: 4097, requested: 4120 }],
    ["anthropic-400-prompt-too-long.json", 400, { limit: 200000, requested: 219898 }],
    ["gemini-400-input-token-count.json", 400, { limit: 131072, requested: 132478 }],
    ["deepseek-400-context-length.json", 400, { limit: 65536, requested: 72814 }],
    ["vllm-400-context-length.json", 400, { limit: 4096, requested: 6379 }],
    ["llamacpp-400-exceed-context-size.json", 400, { limit: 4096, requested: 4476 }],
    ["anthropic-413-request-too-large.json", 413, {}],
  ])("%s is a context-length error with the provider's numbers", (file, status, numbers) => {
    expect(contextLengthError(facts(file, status))).toEqual({
      code: "context_length_exceeded",
      ...numbers,
    });
  });

  it.each([
    ["openai-400-max-tokens-too-large.json", 400],
    ["openai-429-tokens-per-minute.json", 429],
    ["openai-429-insufficient-quota.json", 429],
    ["openai-400-unknown-parameter.json", 400],
    ["openai-400-unsupported-parameter.json", 400],
  ])("%s is not one", (file, status) => {
    expect(contextLengthError(facts(file, status))).toBeNull();
  });
});

describe("contextLengthError on what reaches the browser", () => {
  it("finds the upstream's words inside the proxy's message, whatever the proxy's type", () => {
    const error = {
      status: 400,
      type: "upstream_rejected",
      message:
        "The upstream \"anthropic\" refused the request (HTTP 400: prompt is too long: 219898 tokens > 200000 maximum.) Change the request, or the provider's defaults in the server's configuration.",
    };
    expect(contextLengthError(error)).toEqual({
      code: "context_length_exceeded",
      limit: 200000,
      requested: 219898,
    });
  });

  it("takes any 413, the proxy's own body limit included", () => {
    expect(contextLengthError({ status: 413, type: "payload_too_large", message: "" })).toEqual({
      code: "context_length_exceeded",
    });
    expect(contextLengthError({ status: 413 })).not.toBeNull();
  });

  it("takes a context-length code without words, and an error in the middle of a stream", () => {
    expect(contextLengthError({ status: 400, code: "context_length_exceeded" })).not.toBeNull();
    const midStream = {
      status: 502,
      type: "upstream_stream_error",
      message:
        'The upstream "local" reported an error in the middle of the answer (the request exceeds the available context size, try increasing it). The part that arrived is kept; try again.',
    };
    expect(contextLengthError(midStream)).toEqual({ code: "context_length_exceeded" });
  });

  it("reads the other providers' wordings", () => {
    const said = (message: string) => contextLengthError({ status: 400, message });
    expect(
      said("This model's maximum prompt length is 131072 but the request contains 537812 tokens."),
    ).toEqual({ code: "context_length_exceeded", limit: 131072, requested: 537812 });
    expect(
      said(
        "Prompt contains 40000 tokens and 0 draft tokens, too large for model with 32768 maximum context length",
      ),
    ).toMatchObject({ limit: 32768, requested: 40000 });
    expect(
      said(
        "Your input exceeds the context window of this model. Please adjust your input and try again.",
      ),
    ).not.toBeNull();
    expect(
      said("The model is loaded with context length of only 7866 tokens, which is not enough."),
    ).toMatchObject({ limit: 7866 });
  });

  it("reads a ModelError from src/net by its status, type and detail", () => {
    const fromNet: ModelError = {
      code: "http_status",
      status: 400,
      type: "upstream_rejected",
      provider: "openai",
      detail:
        'The upstream "openai" refused the request (HTTP 400: This model\'s maximum context length is 8192 tokens. However, your messages resulted in 8193 tokens.)',
    };
    const other: ModelError = {
      code: "http_status",
      status: 500,
      detail: "used all 4 model calls",
    };
    expect(contextLengthError(modelErrorFacts(fromNet))?.limit).toBe(8192);
    expect(contextLengthError(modelErrorFacts(other))).toBeNull();
  });

  it("leaves other failures alone", () => {
    expect(
      contextLengthError({ status: 500, message: "The model proxy failed (500)." }),
    ).toBeNull();
    expect(
      contextLengthError({ status: 401, type: "upstream_auth", message: "rejected the key" }),
    ).toBeNull();
    expect(contextLengthError({})).toBeNull();
  });
});
