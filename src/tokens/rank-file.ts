/** gpt-tokenizer's ranks: each rank's token as text, or as bytes where they are not UTF-8. */
export type RawRanks = readonly (string | readonly number[])[];

/**
 * o200k_base's ranks as data (`o200k-ranks.bin`, written from gpt-tokenizer's own
 * `bpeRanks/o200k_base` by `npm run token-ranks`), so the worker fetches 1.8 MB of bytes
 * instead of compiling and running a 2.4 MB module of 200,000 string literals. Little-endian:
 * u32 count, u32 longest token in bytes, u8 length of each rank's bytes, u8 kind of each
 * (0: gpt-tokenizer holds it as text, 1: as bytes), then every rank's bytes in rank order.
 */
const HEADER = 8;

export function writeRankFile(ranks: RawRanks): Uint8Array {
  const encoder = new TextEncoder();
  const tokens = ranks.map((v) => (typeof v === "string" ? encoder.encode(v) : Uint8Array.from(v)));
  const size = tokens.reduce((n, t) => n + t.length, 0);
  const file = new Uint8Array(HEADER + 2 * ranks.length + size);
  const view = new DataView(file.buffer);
  view.setUint32(0, ranks.length, true);
  view.setUint32(
    4,
    tokens.reduce((n, t) => Math.max(n, t.length), 0),
    true,
  );
  let at = HEADER + 2 * ranks.length;
  tokens.forEach((token, rank) => {
    if (token.length > 255) throw new Error(`rank ${rank} is longer than 255 bytes`);
    file[HEADER + rank] = token.length;
    file[HEADER + ranks.length + rank] = typeof ranks[rank] === "string" ? 0 : 1;
    file.set(token, at);
    at += token.length;
  });
  return file;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Open addressing over 2^19 slots: 200,000 ranks fill 38 %, so a miss probes about twice. */
const SLOTS = 1 << 19;

/**
 * The rank file read for lookups: a hash table over the tokens' bytes, built in about 30 ms
 * without making a string of any token. It answers one question, which tokens occur inside a
 * piece of text ({@link RankTable.gather}), so an encoder can be given just those.
 */
export class RankTable {
  private readonly lengths: Uint8Array;
  private readonly kinds: Uint8Array;
  private readonly bytes: Uint8Array;
  private readonly offsets: Uint32Array;
  private readonly slots = new Int32Array(SLOTS).fill(-1);
  private readonly longest: number;
  /** The longest token that starts with each byte: how far a run from that byte can be one. */
  private readonly longestFrom = new Uint8Array(256);
  private readonly decoder = new TextDecoder();
  private readonly encoder = new TextEncoder();

  constructor(file: ArrayBuffer) {
    const view = new DataView(file);
    const count = view.getUint32(0, true);
    this.longest = view.getUint32(4, true);
    this.lengths = new Uint8Array(file, HEADER, count);
    this.kinds = new Uint8Array(file, HEADER + count, count);
    this.bytes = new Uint8Array(file, HEADER + 2 * count);
    this.offsets = new Uint32Array(count);
    const { bytes, lengths, offsets, slots } = this;
    let at = 0;
    for (let rank = 0; rank < count; rank++) {
      offsets[rank] = at;
      const end = at + (lengths[rank] as number);
      const first = bytes[at] as number;
      if (end - at > (this.longestFrom[first] as number)) this.longestFrom[first] = end - at;
      let hash = FNV_OFFSET;
      for (let i = at; i < end; i++) hash = Math.imul(hash ^ (bytes[i] as number), FNV_PRIME);
      let slot = hash & (SLOTS - 1);
      while (slots[slot] !== -1) slot = (slot + 1) & (SLOTS - 1);
      slots[slot] = rank;
      at = end;
    }
    if (at !== bytes.length) throw new Error("The token rank file is damaged.");
  }

  /**
   * Puts into `into`, by rank, every token whose bytes occur in `piece`'s UTF-8 bytes, in the
   * form gpt-tokenizer holds it. Byte-pair encoding a piece only ever looks up the ranks of runs
   * of its own bytes, so an encoder given these ranks encodes the piece exactly as one given all
   * 200,000 would.
   */
  gather(piece: string, into: Map<number, string | number[]>): void {
    const text = this.encoder.encode(piece);
    for (let start = 0; start < text.length; start++) {
      const last = Math.min(
        text.length,
        start + (this.longestFrom[text[start] as number] as number),
      );
      let hash = FNV_OFFSET;
      for (let end = start; end < last; end++) {
        hash = Math.imul(hash ^ (text[end] as number), FNV_PRIME);
        const rank = this.find(hash, text, start, end + 1);
        if (rank >= 0 && !into.has(rank)) into.set(rank, this.token(rank));
      }
    }
  }

  /**
   * Whether `piece` is itself a token that gpt-tokenizer holds as text: the library counts such
   * a piece as one token without merging anything.
   */
  isToken(piece: string): boolean {
    const text = this.encoder.encode(piece);
    if (text.length > this.longest) return false;
    let hash = FNV_OFFSET;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ (text[i] as number), FNV_PRIME);
    const rank = this.find(hash, text, 0, text.length);
    return rank >= 0 && this.kinds[rank] === 0 && this.token(rank) === piece;
  }

  private find(hash: number, text: Uint8Array, start: number, end: number): number {
    const { bytes, lengths, offsets, slots } = this;
    const length = end - start;
    for (let slot = hash & (SLOTS - 1); slots[slot] !== -1; slot = (slot + 1) & (SLOTS - 1)) {
      const rank = slots[slot] as number;
      if (lengths[rank] !== length) continue;
      const at = offsets[rank] as number;
      let i = 0;
      while (i < length && bytes[at + i] === text[start + i]) i++;
      if (i === length) return rank;
    }
    return -1;
  }

  private token(rank: number): string | number[] {
    const at = this.offsets[rank] as number;
    const bytes = this.bytes.subarray(at, at + (this.lengths[rank] as number));
    return this.kinds[rank] === 0 ? this.decoder.decode(bytes) : Array.from(bytes);
  }
}
