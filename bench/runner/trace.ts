import type { CDPSession } from "@playwright/test";

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own (CPU) time, which a loaded machine does not stretch as it does `dur`. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { functionName?: string; url?: string } };
}

const CATEGORIES = ["toplevel", "devtools.timeline", "v8", "__metadata"].join(",");

/**
 * Starts a Chrome trace of the page's main thread (what the Performance panel records), with
 * `more` categories (V8's samples: `disabled-by-default-v8.cpu_profiler`).
 */
export async function startTrace(cdp: CDPSession, more: readonly string[] = []): Promise<void> {
  await cdp.send("Tracing.start", {
    categories: [CATEGORIES, ...more].join(","),
    transferMode: "ReportEvents",
  });
}

export async function stopTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = (data: { value: object[] }) => events.push(...(data.value as TraceEvent[]));
  cdp.on("Tracing.dataCollected", collect);
  const complete = new Promise<void>((resolve) =>
    cdp.once("Tracing.tracingComplete", () => resolve()),
  );
  await cdp.send("Tracing.end");
  await complete;
  cdp.off("Tracing.dataCollected", collect);
  return events;
}

const GROUPS: Record<string, string> = {
  FunctionCall: "script",
  EvaluateScript: "script",
  "v8.compile": "script",
  "v8.compileModule": "script",
  EventDispatch: "script",
  TimerFire: "script",
  FireAnimationFrame: "script",
  RunMicrotasks: "script",
  "V8.Execute": "script",
  MajorGC: "gc",
  MinorGC: "gc",
  "V8.GC_SCAVENGER": "gc",
  UpdateLayoutTree: "style",
  RecalculateStyles: "style",
  Layout: "layout",
  PrePaint: "paint",
  Paint: "paint",
  Layerize: "paint",
  UpdateLayer: "paint",
  CompositeLayers: "paint",
  Commit: "paint",
  ParseHTML: "parse",
};

/**
 * Where the renderer's main thread spent its time: the top-level tasks' total (`tasks`, wall
 * time, what CDP's TaskDuration counts, and `cpu`, the thread's own time in them: on a machine
 * whose other processes take the cores, wall time includes the waits for a core, CPU time not),
 * and the time of the known kinds of work inside them (script, style, layout, paint, gc), in ms.
 * Nested events of one kind are counted once.
 */
export function mainThreadBreakdown(events: readonly TraceEvent[]): Record<string, number> {
  const mains = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  const busiest = mains
    .map((m) =>
      events.filter(
        (e) => e.pid === m.pid && e.tid === m.tid && e.ph === "X" && e.dur !== undefined,
      ),
    )
    .sort((a, b) => b.length - a.length)[0];
  if (!busiest) return {};
  const own = busiest.sort((a, b) => a.ts - b.ts);
  const totals: Record<string, number> = { tasks: 0, cpu: 0 };
  const open: { group: string; end: number }[] = [];
  let taskEnd = Number.NEGATIVE_INFINITY;
  for (const event of own) {
    const dur = (event.dur ?? 0) / 1000;
    const end = event.ts + (event.dur ?? 0);
    if (event.name === "RunTask" || event.name === "ThreadControllerImpl::RunTask") {
      if (event.ts >= taskEnd) {
        totals.tasks = (totals.tasks ?? 0) + dur;
        totals.cpu = (totals.cpu ?? 0) + (event.tdur ?? event.dur ?? 0) / 1000;
        taskEnd = end;
      }
      continue;
    }
    while (open.length && (open.at(-1)?.end ?? 0) <= event.ts) open.pop();
    const group = GROUPS[event.name];
    if (!group) continue;
    if (!open.some((o) => o.group === group)) totals[group] = (totals[group] ?? 0) + dur;
    open.push({ group, end });
  }
  return totals;
}

/**
 * `main thread 812 ms (cpu 640): script 420, style 120, layout 150, paint 90, gc 12` (divided by
 * `per`).
 */
export function formatBreakdown(breakdown: Record<string, number>, per = 1, unit = "ms"): string {
  const { tasks = 0, cpu, ...parts } = breakdown;
  const round = (v: number) => (v / per).toFixed(per === 1 ? 0 : 2);
  const listed = Object.entries(parts)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${round(v)}`);
  const own = cpu === undefined ? "" : ` (cpu ${round(cpu)})`;
  return `main thread ${round(tasks)} ${unit}${own}: ${listed.join(", ")}`;
}
