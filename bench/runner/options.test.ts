import { describe, expect, test } from "vitest";
import { parseOptions } from "./options.ts";
import { demoDelayMs } from "./sizes.ts";

describe("parseOptions", () => {
  test("full runs repeat five times on port 4381; smoke runs once on 4391", () => {
    expect(parseOptions([])).toMatchObject({ smoke: false, reps: 5, port: 4381, only: null });
    expect(parseOptions(["--smoke"])).toMatchObject({ smoke: true, reps: 1, port: 4391 });
  });

  test("reads --only, --reps and --port in both spellings", () => {
    expect(
      parseOptions(["--only", "cold-start, streaming", "--reps=7", "--port", "4390"]),
    ).toMatchObject({
      only: ["cold-start", "streaming"],
      reps: 7,
      port: 4390,
    });
  });

  test("refuses a repetition count that is not a positive whole number", () => {
    expect(() => parseOptions(["--reps", "0"])).toThrow("--reps needs a positive whole number");
    expect(() => parseOptions(["--reps", "many"])).toThrow('got "many"');
  });
});

describe("demoDelayMs", () => {
  test("pauses a little less than the period, never below 1 ms", () => {
    expect(demoDelayMs(100)).toBe(9);
    expect(demoDelayMs(2000)).toBe(1);
  });
});
