import type { Attachment } from "../core/attachments/attachment.ts";
import type { Session } from "../core/session.ts";
import { sha256Hex } from "../interop/attachments/bytes.ts";
import { buildMessage } from "./builders.ts";
import { buildSampleSession } from "./interop-sessions.ts";

/** `size` bytes that differ with `seed`. */
export function bytesOfSize(size: number, seed: number): Uint8Array {
  return Uint8Array.from({ length: size }, (_, i) => (i * 31 + seed) % 256);
}

/** An image attachment whose hash is the SHA-256 of `bytes`. */
export async function imageOf(
  name: string,
  bytes: Uint8Array,
  mime = "image/png",
): Promise<Attachment> {
  return { hash: await sha256Hex(bytes), name, mime, size: bytes.length, kind: "image" };
}

/** A conversation whose user messages carry the attachments given, one list per message. */
export function sessionWith(id: string, createdAt: string, attachments: Attachment[][]): Session {
  return buildSampleSession({
    id,
    createdAt,
    messages: attachments.map((list, i) =>
      buildMessage({ id: `q${i}`, role: "user", content: `look ${i}`, attachments: list }),
    ),
  });
}

/** Two conversations naming two images, one of them twice, and the images' bytes by hash. */
export async function attachedFixture() {
  const photo = bytesOfSize(5_000, 1);
  const chart = bytesOfSize(7_001, 2);
  const a = await imageOf("photo.png", photo);
  const b = await imageOf("chart.webp", chart, "image/webp");
  const blobs = new Map([
    [a.hash, photo],
    [b.hash, chart],
  ]);
  const sessions = [
    sessionWith("000000000001", "2026-11-29T10:00:00.000Z", [[a], [a, b]]),
    sessionWith("000000000002", "2026-11-29T11:00:00.000Z", [[b]]),
  ];
  return { a, b, blobs, sessions };
}
