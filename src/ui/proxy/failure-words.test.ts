import { describe, expect, it } from "vitest";
import { ANSWER_ERROR_CODES } from "../../core/answer-error.ts";
import { dictionaryOf } from "../i18n/dictionaries.ts";
import { translate } from "../i18n/use-t.ts";
import { type FailureFacts, failureWords } from "./failure-words.ts";

// The words of both languages, every section loaded (src/test/setup-dictionaries.ts).
const en = dictionaryOf("en");
const zhWords = dictionaryOf("zh");

const zh = (failure: FailureFacts) => {
  const words = failureWords(failure);
  return translate("zh", words.key, words.vars);
};

describe("failureWords", () => {
  it("names an HTTP failure by its status", () => {
    expect(failureWords({ code: "http_status", status: 401 }).key).toBe("modelError.http_auth");
    expect(failureWords({ code: "http_status", status: 404 }).key).toBe("modelError.http_route");
    expect(failureWords({ code: "http_status", status: 413 }).key).toBe(
      "modelError.http_too_large",
    );
    expect(failureWords({ code: "http_status", status: 429 }).key).toBe(
      "modelError.http_rate_limit",
    );
    expect(failureWords({ code: "http_status", status: 502 })).toEqual({
      key: "modelError.http_server",
      vars: { status: 502 },
    });
    expect(failureWords({ code: "http_status", status: 418 }).key).toBe("modelError.http_status");
    expect(failureWords({ code: "stream_error" }).key).toBe("modelError.stream_error");
  });

  it("has words for every code, filled with the error's facts", () => {
    for (const code of ANSWER_ERROR_CODES) {
      const { key } = failureWords({ code });
      expect(en[key], code).toBeDefined();
      expect(zhWords[key], code).toBeDefined();
    }
    expect(failureWords({ code: "step_limit", agent: "Planner", maxSteps: 3 })).toEqual({
      key: "modelError.step_limit",
      vars: { agent: "Planner", maxSteps: 3 },
    });
    expect(failureWords({ code: "length_in_tool_call", tools: ["state_set", "calc"] })).toEqual({
      key: "modelError.length_in_tool_call",
      vars: { tools: "state_set, calc" },
    });
    expect(failureWords({ code: "context_full", cause: "window_too_small" }).key).toBe(
      "modelError.context_window_too_small",
    );
  });

  it("falls back to general words when a stored error lacks its facts", () => {
    expect(failureWords({ code: "step_limit" }).key).toBe("stepLimitHelp");
    expect(failureWords({ code: "context_full" }).key).toBe("context.full");
    expect(failureWords({}).key).toBe("modelError.unknown");
  });

  it("names a run's own failures", () => {
    expect(failureWords({ code: "answering_elsewhere" }).key).toBe(
      "modelError.answering_elsewhere",
    );
    expect(failureWords({ code: "no_agent" }).key).toBe("modelError.no_agent");
    expect(failureWords({ code: "unreachable" }).key).toBe("modelError.unreachable");
  });

  it("gives Chinese words in the Chinese locale, with the status", () => {
    expect(zh({ code: "http_status", status: 500 })).toContain("500");
    expect(zh({ code: "http_status", status: 500 })).not.toMatch(/[A-Za-z]{4,}/);
    expect(zh({ code: "connection_lost" })).not.toMatch(/[A-Za-z]{4,}/);
    expect(zh({ code: "answering_elsewhere" })).toContain("另一个标签页");
    expect(zh({ code: "no_agent" })).toContain("智能体");
    expect(zh({ code: "no_agent" })).not.toMatch(/[A-Za-z]{4,}/);
  });
});
