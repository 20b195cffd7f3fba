import { describe, expect, test } from "vitest";
import { check } from "./figure.ts";
import { droppedFramePct } from "./probes.ts";
import { DOC_END, DOC_START, replaceMarkedSection } from "./report.ts";
import { median, percentile, summarise } from "./stats.ts";
import { formatBreakdown, mainThreadBreakdown } from "./trace.ts";

describe("statistics", () => {
  test("median of odd and even counts", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  test("percentile by nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
  });

  test("spread is half the range relative to the median", () => {
    expect(summarise([90, 100, 110])).toMatchObject({
      median: 100,
      min: 90,
      max: 110,
      spreadPct: 10,
    });
  });
});

describe("budgets", () => {
  test("a median above the maximum misses, at or below passes, no budget has no verdict", () => {
    const figure = { id: "x", label: "x", unit: "ms" };
    expect(check({ ...figure, samples: [390, 420, 410], budget: { max: 400 } }).verdict).toBe(
      "miss",
    );
    expect(check({ ...figure, samples: [300, 400, 500], budget: { max: 400 } }).verdict).toBe(
      "pass",
    );
    expect(check({ ...figure, samples: [1, 2, 3] }).verdict).toBe("none");
    expect(check({ ...figure, samples: [70], budget: { min: 80 } }).verdict).toBe("miss");
    expect(check({ ...figure, samples: [Number.NaN], budget: { max: 1 } }).verdict).toBe("miss");
  });
});

describe("dropped frames", () => {
  const frame = 1000 / 60;
  test("a steady 60 Hz loses nothing; one frame of three missing is a third", () => {
    const steady = Array.from({ length: 61 }, (_, i) => i * frame);
    expect(droppedFramePct(steady)).toBe(0);
    const gaps = [0, frame, 3 * frame, 4 * frame, 6 * frame, 7 * frame];
    expect(droppedFramePct(gaps)).toBeCloseTo((2 / 7) * 100);
  });
});

describe("docs section", () => {
  test("replaces only the text between the markers", () => {
    const doc = `intro\n${DOC_START}\nold\n${DOC_END}\noutro`;
    expect(replaceMarkedSection(doc, "new")).toBe(`intro\n${DOC_START}\nnew\n${DOC_END}\noutro`);
    expect(() => replaceMarkedSection("no markers", "x")).toThrow("markers");
  });
});

describe("mainThreadBreakdown", () => {
  test("sums top-level tasks and each kind of work once, on the renderer's main thread only", () => {
    const meta = {
      name: "thread_name",
      cat: "__metadata",
      ph: "M",
      ts: 0,
      pid: 1,
      tid: 2,
      args: { name: "CrRendererMain" },
    };
    const x = (name: string, ts: number, dur: number, tid = 2) => ({
      name,
      cat: "devtools.timeline",
      ph: "X",
      ts,
      dur,
      pid: 1,
      tid,
    });
    const events = [
      meta,
      x("RunTask", 0, 10_000),
      x("FunctionCall", 1000, 4000),
      x("FunctionCall", 2000, 1000),
      x("Layout", 6000, 2000),
      { ...x("RunTask", 20_000, 5000), tdur: 2000 },
      x("Paint", 21_000, 3000),
      x("RunTask", 0, 99_000, 3),
    ];
    // A task without its thread time counts its wall time there.
    expect(mainThreadBreakdown(events)).toEqual({
      tasks: 15,
      cpu: 12,
      script: 4,
      layout: 2,
      paint: 3,
    });
  });

  test("says the thread's own time beside the wall time", () => {
    expect(formatBreakdown({ tasks: 812, cpu: 640, script: 420, layout: 150 })).toBe(
      "main thread 812 ms (cpu 640): script 420, layout 150",
    );
  });
});
