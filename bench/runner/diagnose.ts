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
      const breakdown = mainThreadBreakdown(await stopTrace(cdp));
      return { result, diagnosis: { summary: formatBreakdown(breakdown), data: breakdown } };
    }
    await startProfile(cdp);
    const result = await measure();
    const top = selfTimeByModule(await stopProfile(cdp), clientDir).slice(0, 15);
    const summary = `self time: ${top.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(", ")} ms`;
    return { result, diagnosis: { summary, data: top } };
  } finally {
    await cdp.detach();
  }
}
