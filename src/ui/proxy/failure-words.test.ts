import { describe, expect, it } from "vitest";
import { translate } from "../i18n/use-t.ts";
import { failureWords } from "./failure-words.ts";

const zh = (failure: Parameters<typeof failureWords>[0]) => {
  const words = failureWords(failure);
  return translate("zh", words.key, words.vars);
};

describe("failureWords", () => {
  it("names the failure by its HTTP status", () => {
    expect(failureWords({ kind: "http", status: 401 }).key).toBe("failAuth");
    expect(failureWords({ kind: "http", status: 404 }).key).toBe("failRoute");
    expect(failureWords({ kind: "http", status: 413 }).key).toBe("failTooLarge");
    expect(failureWords({ kind: "http", status: 429 }).key).toBe("failRateLimit");
    expect(failureWords({ kind: "http", status: 502 })).toEqual({
      key: "failServer",
      vars: { status: 502 },
    });
    expect(failureWords({ kind: "http", status: 418 }).key).toBe("failStatus");
  });

  it("names the other kinds, and an unexpected error without a kind", () => {
    expect(failureWords({ kind: "network" }).key).toBe("failNetwork");
    expect(failureWords({ kind: "max_steps" }).key).toBe("stepLimitHelp");
    expect(failureWords({ kind: "answering_elsewhere" }).key).toBe("failElsewhere");
    expect(failureWords({ kind: "context_full" }).key).toBe("context.full");
    expect(failureWords({}).key).toBe("failUnknown");
  });

  it("gives Chinese words in the Chinese locale, with the status", () => {
    expect(zh({ kind: "http", status: 500 })).toContain("500");
    expect(zh({ kind: "http", status: 500 })).not.toMatch(/[A-Za-z]{4,}/);
    expect(zh({ kind: "answering_elsewhere" })).toContain("另一个标签页");
  });
});
