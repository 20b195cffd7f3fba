async function through(
  bytes: Uint8Array<ArrayBuffer>,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array<ArrayBuffer>> {
  const output = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await output.arrayBuffer());
}

/** Raw DEFLATE (RFC 1951) through the platform's CompressionStream. */
export function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return through(bytes, new CompressionStream("deflate-raw"));
}

/** Rejects on data that is not raw DEFLATE. */
export function inflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return through(bytes, new DecompressionStream("deflate-raw"));
}
