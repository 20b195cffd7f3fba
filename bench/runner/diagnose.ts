import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { selfTimeByModule, startProfile, stopProfile } from "./cpu-profile.ts";
import { formatBreakdown, mainThreadBreakdown, startTrace, stopTrace } from "./trace.ts";

/** `--trace`: where the main thread's time went; `--profile`: which modules' code ran. */
export type DiagnoseMode = "trace" | "profile" | null;

export interface Diagnosis {
  summary: string;
  data: unknown;
}

/** Runs `measure`, traced or profiled as `mode` asks; the diagnosis is undefined when `mode` is null. */
export async function diagnosed<T>(
  mode: DiagnoseMode,
  page: Page,
  clientDir: string,
  measure: () => Promise<T>,
): Promise<{ result: T; diagnosis: Diagnosis | undefined }> {
  if (!mode) return { result: await measure(), diagnosis: undefined };
  const cdp = await page.context().newCDPSession(page);
  try {
    if (mode === "trace") {
      await startTrace(cdp);
      const result = await measure();
      const events = await stopTrace(cdp);
      const breakdown = mainThreadBreakdown(events);
      // The whole trace too, for DevTools' Performance panel or a closer look by script.
      const file = join(tmpdir(), `parley-trace-${Date.now()}.json`);
      writeFileSync(file, JSON.stringify({ traceEvents: events }));
      const summary = `${formatBreakdown(breakdown)} (trace: ${file})`;
      return { result, diagnosis: { summary, data: { ...breakdown, file } } };
    }
    await startProfile(cdp);
    const result = await measure();
    const profile = await stopProfile(cdp);
    const top = selfTimeByModule(profile, clientDir).slice(0, 15);
    const file = join(tmpdir(), `parley-profile-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    const summary = `self time: ${top.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(", ")} ms (profile: ${file})`;
    return { result, diagnosis: { summary, data: { top, file } } };
  } finally {
    await cdp.detach();
  }
}
