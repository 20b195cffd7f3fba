import { deflateSync, inflateSync } from "fflate";

/**
 * Up to this many bytes in, (de)compression runs synchronously with fflate: a document's few
 * kilobytes take tens of microseconds, where the platform's stream costs a Blob, a stream and a
 * Response per document (about 0.7 ms each in Chrome's profile of a first sync, a third of the
 * main thread). Larger input goes through `CompressionStream`, so one long message does not
 * hold the main thread. Both write and read raw DEFLATE (RFC 1951): the same payload either way.
 */
const SYNC_BELOW_BYTES = 64 * 1024;
/** The output buffer given to a synchronous inflate, as a multiple of its input. */
const INFLATE_RATIO = 8;

async function through(
  bytes: Uint8Array<ArrayBuffer>,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array<ArrayBuffer>> {
  const output = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await output.arrayBuffer());
}

/** Raw DEFLATE (RFC 1951). */
export async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  if (bytes.length >= SYNC_BELOW_BYTES) return through(bytes, new CompressionStream("deflate-raw"));
  return deflateSync(bytes) as Uint8Array<ArrayBuffer>;
}

/** Rejects on data that is not raw DEFLATE. */
export async function inflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  if (bytes.length >= SYNC_BELOW_BYTES)
    return through(bytes, new DecompressionStream("deflate-raw"));
  // Sized for the JSON's usual ratio: without a buffer fflate starts at 3× and copies the output
  // into a larger one as it grows, which was most of its time on a first sync's documents. A
  // given buffer is not grown (the output stops at its end), so one it fills is done again.
  const out = new Uint8Array(bytes.length * INFLATE_RATIO + 1024);
  const inflated = inflateSync(bytes, { out });
  return (inflated.length < out.length ? inflated : inflateSync(bytes)) as Uint8Array<ArrayBuffer>;
}
