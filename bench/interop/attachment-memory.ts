// Time and memory of exporting and importing conversations with attachments, for docs/format.md.
// Node 20 cannot run TypeScript, so bundle it first, then run each step in a fresh process (so
// the peak resident memory is that step's alone):
//   npx vite build --ssr bench/interop/attachment-memory.ts --outDir node_modules/.cache/parley-attachment-memory
//   node node_modules/.cache/parley-attachment-memory/attachment-memory.js write 50 /tmp/attached.json
//   node node_modules/.cache/parley-attachment-memory/attachment-memory.js read /tmp/attached.json
// `write` holds the attachments in memory as storage would (measured before the export starts),
// then exports as the page does: head and conversations, then each attachment read, encoded and
// handed on (here appended to the file, where the page makes a Blob of it) before the next.
// `read` imports the file as the import worker does: parse, convert, check every SHA-256.
// Node 20's atob and btoa are slow JavaScript, unlike the browser's; the bench puts Buffer's
// base64 in their place so that the times are the browser's kind of times.
import { createHash, randomBytes } from "node:crypto";
import { appendFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Attachment } from "../../src/core/attachments/attachment.ts";
import type { Session } from "../../src/core/session.ts";
import { ExportWriter, partPieces } from "../../src/interop/export-parts.ts";
import { checkAttachments } from "../../src/interop/import-attachments.ts";
import { readImportFile } from "../../src/interop/read-import-file.ts";

globalThis.btoa = (binary: string) => Buffer.from(binary, "latin1").toString("base64");
globalThis.atob = (data: string) => Buffer.from(data, "base64").toString("latin1");

const MB = 1024 * 1024;
const app = { name: "Parley", version: "bench" };
const at = "2026-11-29T12:00:00.000Z";
/** Each picture: about what a scaled 2,048 px photo weighs. */
const IMAGE_BYTES = MB;

const rssMb = () => process.memoryUsage().rss / MB;
const peakRssMb = () => process.resourceUsage().maxRSS / 1024;

function conversation(index: number, image: Attachment): Session {
  return {
    id: index.toString(16).padStart(12, "0"),
    createdAt: at,
    updatedAt: at,
    title: `Photo ${index}`,
    metadata: {},
    state: {},
    revision: 1,
    messages: [
      {
        id: "q",
        role: "user",
        content: "What is in this photo?",
        createdAt: at,
        attachments: [image],
      },
      { id: "a", role: "assistant", content: "A photo.", createdAt: at, status: "complete" },
    ],
  };
}

async function write(attachedMb: number, path: string): Promise<void> {
  const store = new Map<string, Uint8Array>();
  const sessions: Session[] = [];
  for (let i = 0; i < attachedMb; i++) {
    const bytes = new Uint8Array(randomBytes(IMAGE_BYTES));
    const hash = createHash("sha256").update(bytes).digest("hex");
    store.set(hash, bytes);
    const image: Attachment = {
      hash,
      name: `photo-${i}.jpg`,
      mime: "image/jpeg",
      size: bytes.length,
      kind: "image",
    };
    sessions.push(conversation(i, image));
  }
  const before = rssMb();
  const started = performance.now();
  const writer = new ExportWriter(at, app);
  for (const session of sessions) writer.add(session);
  writeFileSync(path, "");
  let bytes = 0;
  let entries = 0;
  for (const part of writer.finish()) {
    const read = async (hash: string) => {
      const stored = store.get(hash);
      return stored ? { bytes: stored } : undefined;
    };
    // As the page's Blob of each entry does, each entry's text leaves the heap at once: here
    // for a file of its own, joined in order at the end.
    const pieces = await partPieces(part, read, (text) => {
      const entry = `${path}.entry-${entries++}`;
      writeFileSync(entry, "");
      for (const piece of text) appendFileSync(entry, piece);
      return { entry };
    });
    for (const piece of pieces) {
      if (typeof piece === "string") appendFileSync(path, piece);
      else {
        appendFileSync(path, readFileSync(piece.entry));
        rmSync(piece.entry);
      }
    }
    bytes += part.bytes;
  }
  const ms = performance.now() - started;
  console.log(
    `| export | ${attachedMb} MB in ${sessions.length} pictures | ${(bytes / MB).toFixed(0)} MB | ${ms.toFixed(0)} ms | ${before.toFixed(0)} MB | ${peakRssMb().toFixed(0)} MB | ${(peakRssMb() - before).toFixed(0)} MB |`,
  );
}

async function read(path: string): Promise<void> {
  const file = readFileSync(path);
  const before = rssMb();
  const started = performance.now();
  const result = readImportFile("bench.json", file, { now: at });
  if (!result.ok) throw new Error(`${result.error.path}: ${result.error.code}`);
  const checked = await checkAttachments(result.file);
  const ms = performance.now() - started;
  const stored = checked.verifiedBlobs.reduce((n, b) => n + b.bytes.length, 0);
  console.log(
    `| import | ${(stored / MB).toFixed(0)} MB in ${checked.verifiedBlobs.length} pictures, every hash checked | ${(file.length / MB).toFixed(0)} MB | ${ms.toFixed(0)} ms | ${before.toFixed(0)} MB | ${peakRssMb().toFixed(0)} MB | ${(peakRssMb() - before).toFixed(0)} MB |`,
  );
}

const [mode, arg, path] = process.argv.slice(2);
if (mode === "write") await write(Number(arg), path ?? "attached.json");
else await read(arg ?? "attached.json");
