// How much memory and time a native import and a split export take, for docs/format.md.
// Node 20 cannot run TypeScript, so bundle it first, then run one size per process (so the
// peak resident memory is that size's alone):
//   npx vite build --ssr bench/interop/import-memory.ts --outDir node_modules/.cache/parley-import-memory
//   node node_modules/.cache/parley-import-memory/import-memory.js write 150 /tmp/export.json
//   node --expose-gc node_modules/.cache/parley-import-memory/import-memory.js read /tmp/export.json [over]
// It prints rows of: step | file | conversations | time | RSS before | peak RSS | heap after.
import { readFileSync, writeFileSync } from "node:fs";
import type { Message } from "../../src/core/message.ts";
import type { Session } from "../../src/core/session.ts";
import { ExportWriter } from "../../src/interop/export-parts.ts";
import { readImportFile } from "../../src/interop/read-import-file.ts";

const MB = 1024 * 1024;
const app = { name: "Parley", version: "bench" };
const at = "2026-11-29T12:00:00.000Z";

/** A conversation of about 15 kB: 10 messages of mixed Latin and Chinese text, a tool call. */
function conversation(index: number): Session {
  const messages: Message[] = Array.from({ length: 10 }, (_, k) => ({
    id: `m${k}`,
    role: k % 2 === 0 ? "user" : "assistant",
    content: `${index}:${k} ${"The quick brown fox 跳过了懒狗。 ".repeat(40)}`,
    createdAt: at,
    ...(k % 2 === 1
      ? {
          agent: "Assistant",
          model: "demo",
          usage: { promptTokens: 100, completionTokens: 50, totalTokens: 150 },
          status: "complete" as const,
        }
      : {}),
  }));
  return {
    id: index.toString(16).padStart(12, "0"),
    createdAt: at,
    updatedAt: at,
    title: `Conversation ${index}`,
    metadata: { pinned: false },
    state: { name: "Li Ming" },
    messages,
    revision: 1,
  };
}

const rssMb = () => process.memoryUsage().rss / MB;
const peakRssMb = () => process.resourceUsage().maxRSS / 1024;

/** Writes a Parley export just under `targetMb` to `path`, the way Export all splits one. */
function write(targetMb: number, path: string): void {
  const started = performance.now();
  const writer = new ExportWriter(at, app, { maxFileBytes: targetMb * MB, maxConversations: 1e9 });
  for (let index = 0; ; index++) {
    writer.add(conversation(index));
    const [part] = writer.take();
    if (!part) continue;
    writeFileSync(path, `${part.head.join("")}\n}\n`);
    console.log(
      `| write | ${(part.bytes / MB).toFixed(0)} MB | ${part.count.toLocaleString("en-US")} | ${(performance.now() - started).toFixed(0)} ms | | ${peakRssMb().toFixed(0)} MB |`,
    );
    return;
  }
}

/** Imports the file as the import worker does, in a fresh process; `over` lifts the limits to see beyond them. */
function read(path: string, over: boolean): void {
  const file = readFileSync(path);
  globalThis.gc?.();
  const before = rssMb();
  const started = performance.now();
  const limits = over ? { maxFileBytes: 4096 * MB, maxConversations: 1e9 } : {};
  const result = readImportFile("bench.json", file, { now: at, limits });
  if (!result.ok) throw new Error(`${result.error.path}: ${result.error.code}`);
  const ms = performance.now() - started;
  globalThis.gc?.();
  console.log(
    `| import | ${(file.length / MB).toFixed(0)} MB | ${result.file.sessions.length.toLocaleString("en-US")} | ${ms.toFixed(0)} ms | ${before.toFixed(0)} MB | ${peakRssMb().toFixed(0)} MB | ${(process.memoryUsage().heapUsed / MB).toFixed(0)} MB |`,
  );
}

const [mode, arg, path] = process.argv.slice(2);
if (mode === "write") write(Number(arg), path ?? "bench.json");
else read(arg ?? "bench.json", path === "over");
