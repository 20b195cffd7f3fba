/** A small seeded pseudo-random generator (sfc32), so every run generates the same data. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** `length` lowercase hex characters. */
  hex(length: number): string;
  /** A new generator whose sequence depends only on this one's next value. */
  fork(): Rng;
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function createRng(seed: number): Rng {
  const init = splitmix32(seed);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const nextUint = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) nextUint();
  const rng: Rng = {
    next: () => nextUint() / 4294967296,
    int: (min, max) => min + Math.floor(rng.next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error("pick() needs a non-empty list");
      return items[Math.floor(rng.next() * items.length)] as (typeof items)[number];
    },
    chance: (probability) => rng.next() < probability,
    hex: (length) => {
      let out = "";
      while (out.length < length) out += nextUint().toString(16).padStart(8, "0");
      return out.slice(0, length);
    },
    fork: () => createRng(nextUint()),
  };
  return rng;
}
