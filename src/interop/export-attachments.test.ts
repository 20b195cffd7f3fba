import { describe, expect, it } from "vitest";
import type { Attachment } from "../core/attachments/attachment.ts";
import type { Session } from "../core/session.ts";
import { attachedFixture, bytesOfSize, imageOf, sessionWith } from "../test/attached-sessions.ts";
import {
  type ExportOptions,
  type ExportPart,
  type ExportPartLimits,
  ExportWriter,
  partPieces,
} from "./export-parts.ts";
import { exportDocumentSchema } from "./export-schema.ts";
import { serializeExport } from "./native-format.ts";

const at = "2026-11-29T12:00:00.000Z";
const app = { name: "Parley", version: "0.1.0" };
const encoder = new TextEncoder();

async function textOf(part: ExportPart, blobs: ReadonlyMap<string, Uint8Array>) {
  const read = async (hash: string) => {
    const bytes = blobs.get(hash);
    return bytes ? { bytes } : undefined;
  };
  return (await partPieces(part, read, (pieces) => pieces.join(""))).join("");
}

function write(sessions: readonly Session[], limits?: ExportPartLimits, options?: ExportOptions) {
  const writer = new ExportWriter(at, app, limits, options);
  for (const session of sessions) writer.add(session);
  return writer.finish();
}

describe("attachment bytes in an export", () => {
  it("carry each attachment once, as base64 by hash, byte for byte the single-file export", async () => {
    const { a, b, blobs, sessions } = await attachedFixture();
    const parts = write(sessions);
    expect(parts).toHaveLength(1);
    const part = parts[0] as ExportPart;
    const text = await textOf(part, blobs);
    expect(text).toBe(serializeExport(sessions, at, app, blobs));
    expect(encoder.encode(text).length).toBe(part.bytes);
    const document = JSON.parse(text);
    expect(exportDocumentSchema.safeParse(document).error?.issues).toBeUndefined();
    expect(document.version).toBe(3);
    expect(document.attachments.map((e: { hash: string }) => e.hash)).toEqual([a.hash, b.hash]);
    expect(document.attachments[1].mime).toBe("image/webp");
    expect(Buffer.from(document.attachments[1].data, "base64")).toEqual(
      Buffer.from(blobs.get(b.hash) ?? []),
    );
    expect(document.attachments_left_out).toBeUndefined();
  });

  it("counts attachment bytes when it splits, and each file carries its own conversations' bytes", async () => {
    const shared = bytesOfSize(6_000, 9);
    const common = await imageOf("logo.png", shared);
    const blobs = new Map([[common.hash, shared]]);
    const sessions: Session[] = [];
    for (let i = 0; i < 6; i++) {
      const own = bytesOfSize(6_000, 20 + i);
      const mine = await imageOf(`own-${i}.png`, own);
      blobs.set(mine.hash, own);
      sessions.push(
        sessionWith(`00000000000${i}`, `2026-11-29T10:00:0${i}.000Z`, [[mine, common]]),
      );
    }
    const limits = { maxFileBytes: 40_000, maxConversations: 100 };
    expect(write(sessions, limits, { attachmentBytes: false })).toHaveLength(1);
    const parts = write(sessions, limits);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      const text = await textOf(part, blobs);
      expect(encoder.encode(text).length).toBe(part.bytes);
      expect(part.bytes).toBeLessThanOrEqual(limits.maxFileBytes);
      const document = JSON.parse(text);
      expect(exportDocumentSchema.safeParse(document).error?.issues).toBeUndefined();
      const named = new Set<string>(
        document.sessions.flatMap((s: Session & { messages: { attachments?: Attachment[] }[] }) =>
          s.messages.flatMap((m) => (m.attachments ?? []).map((x) => x.hash)),
        ),
      );
      expect(new Set(document.attachments.map((e: { hash: string }) => e.hash))).toEqual(named);
    }
  });

  it("leaves the bytes out when asked, and says how many", async () => {
    const { blobs, sessions } = await attachedFixture();
    const parts = write(sessions, undefined, { attachmentBytes: false });
    const part = parts[0] as ExportPart;
    const text = await textOf(part, blobs);
    expect(text).toBe(serializeExport(sessions, at, app, "left-out"));
    expect(part.attachmentsLeftOut).toBe(2);
    const document = JSON.parse(text);
    expect(document.attachments_left_out).toBe(2);
    expect(document.attachments).toBeUndefined();
    expect(encoder.encode(text).length).toBe(part.bytes);
  });

  it("leaves out an attachment storage no longer holds, and the file still reads", async () => {
    const { a, b, sessions } = await attachedFixture();
    const only = new Map([[b.hash, bytesOfSize(7_001, 2)]]);
    const text = await textOf(write(sessions)[0] as ExportPart, only);
    const document = JSON.parse(text);
    expect(exportDocumentSchema.safeParse(document).success).toBe(true);
    expect(document.attachments.map((e: { hash: string }) => e.hash)).toEqual([b.hash]);
    expect(text).not.toContain(`"hash": "${a.hash}",\n      "mime"`);
  });
});
