const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const FIRST_SLOTS = 1 << 12;

/**
 * The pieces met so far and their counts, looked up by a range of a text, so that a piece
 * already known costs a hash of its UTF-16 units and a comparison, and never a substring (a
 * `Map` keyed by each piece made and hashed 1.4 million short strings over the bench's text;
 * see `o200k-split.ts` for the measurement). A count is -1 until it is known.
 */
export class PieceTable {
  private pieces: string[] = [];
  private counts: number[] = [];
  private slots = new Int32Array(FIRST_SLOTS);

  get size(): number {
    return this.pieces.length;
  }

  /** The entry of `text`'s units from `start` to `end`, added (count -1) if it is new. */
  entry(text: string, start: number, end: number): number {
    let hash = FNV_OFFSET;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
    const { pieces, slots } = this;
    const mask = slots.length - 1;
    const length = end - start;
    let slot = hash & mask;
    for (let at = slots[slot] as number; at !== 0; at = slots[slot] as number) {
      const piece = pieces[at - 1] as string;
      if (piece.length === length) {
        let i = 0;
        while (i < length && piece.charCodeAt(i) === text.charCodeAt(start + i)) i++;
        if (i === length) return at - 1;
      }
      slot = (slot + 1) & mask;
    }
    const entry = pieces.length;
    pieces.push(text.slice(start, end));
    this.counts.push(-1);
    slots[slot] = entry + 1;
    if (pieces.length * 2 > slots.length) this.grow();
    return entry;
  }

  piece(entry: number): string {
    return this.pieces[entry] as string;
  }

  count(entry: number): number {
    return this.counts[entry] as number;
  }

  setCount(entry: number, tokens: number): void {
    this.counts[entry] = tokens;
  }

  clear(): void {
    this.pieces = [];
    this.counts = [];
    this.slots = new Int32Array(FIRST_SLOTS);
  }

  /** Twice the slots, so that a lookup keeps probing about once. */
  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    this.pieces.forEach((piece, entry) => {
      let hash = FNV_OFFSET;
      for (let i = 0; i < piece.length; i++)
        hash = Math.imul(hash ^ piece.charCodeAt(i), FNV_PRIME);
      let slot = hash & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = entry + 1;
    });
    this.slots = slots;
  }
}
