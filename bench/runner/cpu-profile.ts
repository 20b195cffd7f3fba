import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CDPSession } from "@playwright/test";
import { decodeMappings, moduleName, type Segment, sourceAt } from "./source-map.ts";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
}

export async function stopProfile(cdp: CDPSession): Promise<Profile> {
  const { profile } = await cdp.send("Profiler.stop");
  await cdp.send("Profiler.disable");
  return profile as Profile;
}

/** Source maps of the built client, read once per file. */
function mapsOf(clientDir: string) {
  const cache = new Map<string, { lines: Segment[][]; sources: string[] } | null>();
  return (url: string) => {
    const path = /^https?:\/\/[^/]+(\/assets\/[^?#]+\.js)/.exec(url)?.[1];
    if (!path) return null;
    if (!cache.has(path)) {
      const file = join(clientDir, `${path}.map`);
      if (!existsSync(file)) cache.set(path, null);
      else {
        const map = JSON.parse(readFileSync(file, "utf8")) as {
          mappings: string;
          sources: string[];
        };
        cache.set(path, { lines: decodeMappings(map.mappings), sources: map.sources });
      }
    }
    return cache.get(path) ?? null;
  };
}

/**
 * Self time (ms) per module of the app (a package or a source file, through the build's source
 * maps), and per kind of browser work (`(garbage collector)`, `(program)`), largest first.
 */
export function selfTimeByModule(profile: Profile, clientDir: string): [string, number][] {
  const maps = mapsOf(clientDir);
  const nameOf = new Map<number, string>();
  for (const node of profile.nodes) {
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    const map = url ? maps(url) : null;
    const source = map ? sourceAt(map.lines, lineNumber, columnNumber) : undefined;
    const mapped = map && source !== undefined ? map.sources[source] : undefined;
    nameOf.set(
      node.id,
      mapped
        ? moduleName(mapped)
        : url
          ? url.split("/").pop() || url
          : functionName.startsWith("(")
            ? functionName
            : `(${functionName || "native"})`,
    );
  }
  const totals = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const name = nameOf.get(samples[i] as number) ?? "(unknown)";
    totals.set(name, (totals.get(name) ?? 0) + (deltas[i] ?? 0) / 1000);
  }
  totals.delete("(idle)");
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}
