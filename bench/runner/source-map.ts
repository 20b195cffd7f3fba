const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((ch, i) => [ch, i]));

/** One mapping segment: where a generated column comes from (`source` indexes `sources`). */
export interface Segment {
  column: number;
  source: number;
}

function decodeVlq(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of text) {
    const digit = DIGIT.get(ch);
    if (digit === undefined) throw new Error(`not a base64 VLQ digit: ${ch}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** The segments of each generated line of a source map's `mappings` (version 3). */
export function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  let source = 0;
  for (const line of mappings.split(";")) {
    const segments: Segment[] = [];
    let column = 0;
    for (const part of line.split(",")) {
      if (part === "") continue;
      const [dc = 0, ds] = decodeVlq(part);
      column += dc;
      if (ds !== undefined) source += ds;
      segments.push({ column, source });
    }
    lines.push(segments);
  }
  return lines;
}

/** The source a generated position (0-based line and column) comes from, or undefined. */
export function sourceAt(lines: Segment[][], line: number, column: number): number | undefined {
  const segments = lines[line];
  if (!segments || segments.length === 0) return undefined;
  let found: Segment | undefined;
  for (const s of segments) {
    if (s.column > column) break;
    found = s;
  }
  return found?.source;
}

/** `node_modules/react-dom/cjs/x.js` → `react-dom`; `../../src/ui/a.tsx` → `src/ui/a.tsx`. */
export function moduleName(source: string): string {
  const clean = source.replace(/^(\.\.\/|\.\/)+/, "");
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  return match?.[1] ?? clean;
}
