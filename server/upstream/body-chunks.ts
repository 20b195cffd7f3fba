/**
 * An upstream body read in batches: each `read` gives every piece that arrived since the last
 * one (waiting for the first when none is there), so that what came together is parsed and
 * written together. An empty batch means the body ended; `read` rejects when the body broke.
 */
export interface BodyChunks {
  read(): Promise<Uint8Array[]>;
  /** Stops reading and releases the body. */
  cancel(): void;
}

/**
 * A `Response` may carry a cheaper reader of its own body under this key, a function returning
 * `BodyChunks` (the Node entry's fetch does: it reads Node's stream without a web stream between).
 * Whoever takes it owns the body; `response.body` must then be left alone.
 */
export const BODY_CHUNKS: unique symbol = Symbol.for("parley.body-chunks");

type WithChunks = Response & { [BODY_CHUNKS]?: () => BodyChunks };

const NOTHING_YET: unique symbol = Symbol("nothing yet");
const nothingYet = Promise.resolve(NOTHING_YET);

function webBodyChunks(body: ReadableStream<Uint8Array>): BodyChunks {
  const reader = body.getReader();
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  let ended = false;
  return {
    async read() {
      const batch: Uint8Array[] = [];
      if (ended) return batch;
      let result = await (pending ?? reader.read());
      for (;;) {
        pending = null;
        if (result.done) {
          ended = true;
          return batch;
        }
        batch.push(result.value);
        pending = reader.read();
        // A read the stream can answer from its queue settles before `nothingYet` does.
        const next = await Promise.race([pending, nothingYet]);
        if (next === NOTHING_YET) return batch;
        result = next;
      }
    },
    cancel() {
      pending?.catch(() => {});
      reader.cancel().catch(() => {});
    },
  };
}

/** The cheapest reader of a response's body: its own (see `BODY_CHUNKS`), or one over `body`. */
export function bodyChunksOf(response: Response): BodyChunks | null {
  const own = (response as WithChunks)[BODY_CHUNKS];
  if (own) return own();
  return response.body ? webBodyChunks(response.body) : null;
}

/** A body read as text up to a byte limit: whole, cut at the limit, or broken off. */
export type LimitedText =
  | { ok: true; text: string; cut: boolean }
  | { ok: false; error: unknown; text: string };

/**
 * Reads a body as text, never more than `limit` bytes (the rest is not read: the body is
 * released), calling `onPiece` for each batch so that a watchdog sees the body is alive.
 */
export async function readLimitedText(
  response: Response,
  limit: number,
  onPiece: () => void,
): Promise<LimitedText> {
  const chunks = bodyChunksOf(response);
  if (!chunks) return { ok: true, text: "", cut: false };
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  try {
    for (;;) {
      const batch = await chunks.read();
      if (batch.length === 0) return { ok: true, text: text + decoder.decode(), cut: false };
      onPiece();
      for (const chunk of batch) {
        if (size + chunk.byteLength > limit) {
          text += decoder.decode(chunk.subarray(0, limit - size));
          return { ok: true, text, cut: true };
        }
        size += chunk.byteLength;
        text += decoder.decode(chunk, { stream: true });
      }
    }
  } catch (error) {
    return { ok: false, error, text };
  } finally {
    chunks.cancel();
  }
}
