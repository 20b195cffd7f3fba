import { describe, expect, it } from "vitest";
import { contextLengthError } from "../../src/core/context/context-error.ts";
import type { ProviderConfig } from "../config/types.ts";
import { fixtureText } from "../test/fixtures.ts";
import { readErrorBody, upstreamError } from "./upstream-error.ts";

const provider: ProviderConfig = {
  id: "up",
  kind: "openai",
  baseUrl: "https://upstream.test/v1",
  apiKey: "sk-test",
  models: ["m"],
  defaults: {},
  headers: {},
  streamUsage: true,
  modelInfo: {},
};

/** The error the browser receives when the upstream answers `status` with the fixture's body. */
const relayed = (file: string, status: number) =>
  upstreamError(
    status,
    readErrorBody(fixtureText(`errors/${file}`), (text) => text),
    provider,
    null,
  );

describe("a context-length error relayed by the proxy", () => {
  it.each([
    ["openai-400-context-length-exceeded.json", 400],
    ["anthropic-400-prompt-too-long.json", 400],
    ["gemini-400-input-token-count.json", 400],
    ["deepseek-400-context-length.json", 400],
    ["vllm-400-context-length.json", 400],
    ["llamacpp-400-exceed-context-size.json", 400],
    ["anthropic-413-request-too-large.json", 413],
  ])("%s is still recognised in the browser", (file, status) => {
    expect(contextLengthError(relayed(file, status))).not.toBeNull();
  });

  it.each([
    ["openai-400-max-tokens-too-large.json", 400],
    ["openai-429-tokens-per-minute.json", 429],
    ["openai-400-unsupported-parameter.json", 400],
  ])("%s is not taken for one", (file, status) => {
    expect(contextLengthError(relayed(file, status))).toBeNull();
  });
});
