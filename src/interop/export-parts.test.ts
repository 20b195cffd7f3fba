import { describe, expect, it } from "vitest";
import type { Session } from "../core/session.ts";
import { buildMessage } from "../test/builders.ts";
import { buildSampleSession } from "../test/interop-sessions.ts";
import { exportFileName } from "./export-file-name.ts";
import {
  type ExportOptions,
  type ExportPart,
  type ExportPartLimits,
  ExportWriter,
  partPieces,
  utf8Length,
} from "./export-parts.ts";
import { exportDocumentSchema } from "./export-schema.ts";
import { IMPORT_LIMITS } from "./limits.ts";
import { serializeExport } from "./native-format.ts";
import { readImportFile } from "./read-import-file.ts";

const at = "2026-11-29T12:00:00.000Z";
const app = { name: "Parley", version: "0.1.0" };
const encoder = new TextEncoder();

function generated(count: number, size: (i: number) => number): Session[] {
  return Array.from({ length: count }, (_, i) =>
    buildSampleSession({
      id: i.toString(16).padStart(12, "0"),
      title: `Conversation ${i} 中文 😀`,
      createdAt: `2026-11-29T10:00:00.${String(i % 1000).padStart(3, "0")}Z`,
      state: i % 7 === 0 ? { github: { token: "t" }, name: "x" } : { name: "x" },
      messages: [
        buildMessage({ id: "q", role: "user", content: "长".repeat(size(i)) }),
        buildMessage({ id: "a", role: "assistant", content: "ok", status: "complete" }),
      ],
    }),
  ).sort((a, b) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1,
  );
}

/** A file's whole text, its attachments' bytes read from `blobs`. */
async function textOf(part: ExportPart, blobs: ReadonlyMap<string, Uint8Array> = new Map()) {
  const read = async (hash: string) => {
    const bytes = blobs.get(hash);
    return bytes ? { bytes } : undefined;
  };
  return (await partPieces(part, read, (pieces) => pieces.join(""))).join("");
}

function write(sessions: readonly Session[], limits?: ExportPartLimits, options?: ExportOptions) {
  const writer = new ExportWriter(at, app, limits, options);
  const parts: ExportPart[] = [];
  for (const session of sessions) {
    writer.add(session);
    parts.push(...writer.take());
  }
  parts.push(...writer.finish());
  return { parts, oversized: writer.oversized };
}

async function importAll(parts: readonly ExportPart[], limits: Partial<ExportPartLimits>) {
  const sessions: Session[] = [];
  for (const [index, part] of parts.entries()) {
    const bytes = encoder.encode(await textOf(part));
    expect(bytes.length).toBe(part.bytes);
    const result = readImportFile(`part-${index + 1}.json`, bytes, { now: at, limits });
    if (!result.ok) throw new Error(`part ${index + 1}: ${result.error.code}`);
    expect(result.file.failures).toEqual([]);
    sessions.push(...result.file.sessions);
  }
  return sessions;
}

describe("a split export", () => {
  it("is one file, byte for byte the single-file export, when it fits", async () => {
    const sessions = generated(5, (i) => i * 10);
    const { parts } = write(sessions);
    expect(parts).toHaveLength(1);
    expect(await textOf(parts[0] as ExportPart)).toBe(serializeExport(sessions, at, app));
    expect(parts[0]?.credentialsRemoved).toBe(1);
    const empty = write([]).parts;
    expect(empty).toHaveLength(1);
    expect(await textOf(empty[0] as ExportPart)).toBe(serializeExport([], at, app));
  });

  it("splits an export over the limits into files an import accepts, and they round-trip", async () => {
    const limits = { maxFileBytes: 40_000, maxConversations: 10 };
    const sessions = generated(57, (i) => (i % 5) * 1_500);
    const { parts, oversized } = write(sessions, limits);
    expect(oversized).toEqual([]);
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) {
      expect(part.count).toBeLessThanOrEqual(limits.maxConversations);
      expect(part.bytes).toBeLessThanOrEqual(limits.maxFileBytes);
      expect(
        exportDocumentSchema.safeParse(JSON.parse(await textOf(part))).error?.issues,
      ).toBeUndefined();
    }
    expect(parts.some((p) => p.bytes > limits.maxFileBytes * 0.8)).toBe(true);
    expect(parts.reduce((n, p) => n + p.credentialsRemoved, 0)).toBe(9);
    const back = await importAll(parts, limits);
    expect(back).toHaveLength(57);
    const again = JSON.parse(serializeExport(back, at, app));
    expect(again.credentials_removed).toBeUndefined();
    expect(again.sessions).toEqual(JSON.parse(serializeExport(sessions, at, app)).sessions);
  });

  it("keeps to the importer's own limits by default: 10,001 conversations make two files", () => {
    const { parts } = write(generated(10_001, () => 1));
    expect(parts.map((p) => p.count)).toEqual([IMPORT_LIMITS.maxConversations, 1]);
    expect(parts.every((p) => p.bytes <= IMPORT_LIMITS.maxFileBytes)).toBe(true);
  });

  it("gives a conversation larger than a file may be a file of its own, and names it", () => {
    const sessions = generated(3, (i) => (i === 1 ? 30_000 : 10));
    const { parts, oversized } = write(sessions, { maxFileBytes: 50_000, maxConversations: 10 });
    expect(parts.map((p) => p.count)).toEqual([1, 1, 1]);
    expect(oversized).toEqual([{ title: sessions[1]?.title, bytes: expect.any(Number) }]);
    expect(oversized[0]?.bytes).toBeGreaterThan(50_000);
  });

  it("names the files part 1 of n", () => {
    expect(exportFileName({ kind: "all" }, at, { index: 2, total: 3 })).toBe(
      "parley-all-2026-11-29-part-2-of-3.json",
    );
    expect(exportFileName({ kind: "selected", count: 12_000 }, at, { index: 1, total: 2 })).toBe(
      "parley-12000-conversations-2026-11-29-part-1-of-2.json",
    );
    expect(exportFileName({ kind: "all" }, at, { index: 1, total: 1 })).toBe(
      "parley-all-2026-11-29.json",
    );
  });

  it("counts UTF-8 bytes as the encoder does", () => {
    for (const text of ["abc", "é", "中文", "😀👩‍💻", "\ud800x", "x\udc00"])
      expect(utf8Length(text), text).toBe(encoder.encode(text).length);
  });
});
