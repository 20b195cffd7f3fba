import { restore } from "../../src/core/codec/index.ts";
import { openBrowserRepository } from "../../src/persistence/open-browser-repository.ts";
import { generateSession, type SessionGroup } from "../data/sessions.ts";

/** What `seed` wrote. */
export interface SeedReport {
  sessions: number;
  messages: number;
  ms: number;
}

const BATCH = 20;

/**
 * Writes generated sessions into this origin's IndexedDB through the app's own repository, so
 * the bench reads exactly the layout the app writes. Bench-only: this file is bundled by the
 * bench runner and injected into a page of the app's origin, never into the app's build.
 */
async function seed(groups: SessionGroup[]): Promise<SeedReport> {
  const started = performance.now();
  const repository = await openBrowserRepository();
  await repository.load();
  let sessions = 0;
  let messages = 0;
  for (const group of groups) {
    for (let first = 0; first < group.count; first += BATCH) {
      const writes: Promise<unknown>[] = [];
      for (let i = first; i < Math.min(group.count, first + BATCH); i++) {
        const restored = restore(generateSession(group, i));
        if (!restored.ok)
          throw new Error(
            `generated session ${group.tag} ${i} is invalid at ${restored.error.path}: ${restored.error.message}`,
          );
        writes.push(repository.save(restored.session, { kind: "whole" }, { immediate: true }));
        sessions++;
        messages += restored.session.messages.length;
      }
      await Promise.all(writes);
    }
  }
  await repository.flush();
  return { sessions, messages, ms: performance.now() - started };
}

(globalThis as unknown as { parleyBenchSeed: typeof seed }).parleyBenchSeed = seed;
