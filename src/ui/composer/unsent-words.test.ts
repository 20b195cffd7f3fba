import { describe, expect, it } from "vitest";
import { translate } from "../i18n/use-t.ts";
import { unsentDetail, unsentWords } from "./unsent-words.ts";

const en = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
  translate("en", key, vars);
const zh = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
  translate("zh", key, vars);

describe("why a message went back into the composer", () => {
  it("is said in the user's language, from the code and its values", () => {
    const tooLong = { code: "message_too_long", length: 1_000_001, max: 1_000_000 } as const;
    expect(unsentWords(en, "en", tooLong)).toBe(
      "The message is 1,000,001 characters long; at most 1,000,000 can be kept. Shorten it or split it over several messages.",
    );
    expect(unsentWords(zh, "zh", tooLong)).toContain("1,000,001");
    expect(unsentWords(zh, "zh", { code: "already_running" })).toBe(zh("sendAlreadyRunning"));
  });

  it("names the failure of the run that stopped it, in words, ", () => {
    const elsewhere = {
      code: "run_failed",
      failure: { retryable: true, code: "answering_elsewhere" },
    } as const;
    expect(unsentWords(zh, "zh", elsewhere)).toBe(zh("modelError.answering_elsewhere"));
    const noAgent = { code: "run_failed", failure: { retryable: true, code: "no_agent" } } as const;
    expect(unsentWords(zh, "zh", noAgent)).toBe(zh("modelError.no_agent"));
    expect(unsentWords(en, "en", noAgent)).toBe(en("modelError.no_agent"));
  });

  it("an unexpected error's English detail was the sentence in the Chinese UI: it is the Chinese words for an unknown failure", () => {
    const unexpected = {
      code: "run_failed",
      failure: { detail: "Cannot read properties of undefined", retryable: true },
    } as const;
    expect(unsentWords(zh, "zh", unexpected)).toBe(zh("modelError.unknown"));
  });

  it("a send that threw showed the thrown English text as its reason: it is the UI's words, the text only the detail", () => {
    const thrown = {
      code: "failed",
      detail: "QuotaExceededError: the quota has been exceeded",
    } as const;
    expect(unsentWords(zh, "zh", thrown)).toBe(zh("sendFailed"));
    expect(unsentWords(en, "en", thrown)).toBe(en("sendFailed"));
    expect(unsentDetail(thrown)).toBe(thrown.detail);
  });

  it("gives a failed run's verbatim detail, and none for a refusal of its own", () => {
    const run = {
      code: "run_failed",
      failure: { code: "unreachable", detail: "Failed to fetch", retryable: true },
    } as const;
    expect(unsentWords(zh, "zh", run)).toBe(zh("modelError.unreachable"));
    expect(unsentDetail(run)).toBe("Failed to fetch");
    expect(unsentDetail({ code: "already_running" })).toBeUndefined();
  });
});
