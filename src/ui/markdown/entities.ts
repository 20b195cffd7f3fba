const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  copy: "©",
  reg: "®",
  trade: "™",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  middot: "·",
  bull: "•",
  deg: "°",
  plusmn: "±",
  times: "×",
  divide: "÷",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  sect: "§",
  para: "¶",
  larr: "←",
  rarr: "→",
  uarr: "↑",
  darr: "↓",
  harr: "↔",
  le: "≤",
  ge: "≥",
  ne: "≠",
  infin: "∞",
  colon: ":",
  Tab: "\t",
  NewLine: "\n",
};

/**
 * The parser resolves numeric character references but leaves named ones for an HTML
 * renderer; React shows text literally, so the common named ones are resolved here.
 * Unknown names stay as written.
 */
export function decodeNamedEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&([A-Za-z]+);/g, (whole, name: string) => NAMED[name] ?? whole);
}
