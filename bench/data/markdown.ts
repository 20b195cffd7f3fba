import type { Rng } from "./rng.ts";

const NOUNS = [
  "cache",
  "request",
  "session",
  "buffer",
  "thread",
  "schema",
  "index",
  "query",
  "stream",
  "component",
  "reducer",
  "token",
  "socket",
  "parser",
  "migration",
  "worker",
  "module",
  "layout",
  "database",
  "handler",
  "timeout",
  "promise",
  "iterator",
  "snapshot",
  "record",
  "payload",
  "transaction",
  "pipeline",
  "renderer",
  "scheduler",
  "allocator",
  "closure",
  "container",
] as const;
const VERBS = [
  "returns",
  "stores",
  "parses",
  "validates",
  "retries",
  "renders",
  "flushes",
  "batches",
  "serialises",
  "streams",
  "updates",
  "invalidates",
  "rejects",
  "resolves",
  "allocates",
  "reads",
  "writes",
  "compares",
  "merges",
  "splits",
  "measures",
  "throttles",
  "observes",
] as const;
const ADJECTIVES = [
  "small",
  "stale",
  "async",
  "immutable",
  "nested",
  "typed",
  "lazy",
  "concurrent",
  "bounded",
  "strict",
  "empty",
  "partial",
  "sorted",
  "unique",
  "remote",
  "local",
  "expensive",
  "cheap",
] as const;
const CONNECTORS = [
  "because",
  "so that",
  "while",
  "unless",
  "after",
  "before",
  "whenever",
  "even if",
] as const;
const IDENTIFIERS = [
  "loadSessions",
  "parseChunk",
  "flushQueue",
  "retryCount",
  "maxItems",
  "onMessage",
  "renderRow",
  "userId",
  "fetchPage",
  "createStore",
  "writeBatch",
  "isReady",
  "totalBytes",
] as const;
const LANGUAGES = ["ts", "python", "rust", "sql", "bash", "go", "json"] as const;
type Language = (typeof LANGUAGES)[number];

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function phrase(rng: Rng): string {
  const noun = rng.pick(NOUNS);
  const words = [
    "the",
    rng.chance(0.5) ? rng.pick(ADJECTIVES) : "",
    noun,
    rng.pick(VERBS),
    rng.chance(0.3) ? `\`${rng.pick(IDENTIFIERS)}()\`` : `the ${rng.pick(NOUNS)}`,
  ];
  return words.filter((w) => w !== "").join(" ");
}

export function sentence(rng: Rng): string {
  let text = phrase(rng);
  if (rng.chance(0.55)) text += ` ${rng.pick(CONNECTORS)} ${phrase(rng)}`;
  if (rng.chance(0.15)) text += ` (see **${rng.pick(NOUNS)} ${rng.pick(NOUNS)}**)`;
  return `${capitalise(text)}.`;
}

export function paragraph(rng: Rng, sentences = rng.int(2, 5)): string {
  return Array.from({ length: sentences }, () => sentence(rng)).join(" ");
}

function codeLines(rng: Rng, language: Language): string[] {
  const id = rng.pick(IDENTIFIERS);
  const other = rng.pick(IDENTIFIERS);
  const n = rng.int(2, 500);
  switch (language) {
    case "ts":
      return [
        `export async function ${id}(input: ${capitalise(rng.pick(NOUNS))}[]): Promise<number> {`,
        `  const ${other} = input.filter((item) => item.size > ${n});`,
        `  for (const item of ${other}) await item.flush();`,
        `  return ${other}.length;`,
        "}",
      ];
    case "python":
      return [
        `def ${id}(items, limit=${n}):`,
        `    """${capitalise(phrase(rng))}."""`,
        `    ${other} = [x for x in items if x.size > limit]`,
        `    return sum(x.size for x in ${other})`,
      ];
    case "rust":
      return [
        `fn ${id}(items: &[${capitalise(rng.pick(NOUNS))}]) -> usize {`,
        `    items.iter().filter(|x| x.len() > ${n}).count()`,
        "}",
      ];
    case "sql":
      return [
        `SELECT ${rng.pick(NOUNS)}_id, count(*) AS total`,
        `FROM ${rng.pick(NOUNS)}s`,
        `WHERE created_at > now() - interval '${n} days'`,
        `GROUP BY 1 ORDER BY total DESC LIMIT ${rng.int(5, 50)};`,
      ];
    case "bash":
      return [
        `for f in ./${rng.pick(NOUNS)}s/*.log; do`,
        `  grep -c "${rng.pick(VERBS)}" "$f"`,
        "done | sort -n | tail -n 5",
      ];
    case "go":
      return [
        `func ${capitalise(id)}(items []string) int {`,
        "\tcount := 0",
        `\tfor _, it := range items { if len(it) > ${n} { count++ } }`,
        "\treturn count",
        "}",
      ];
    case "json":
      return [
        "{",
        `  "${other}": ${n},`,
        `  "${rng.pick(NOUNS)}": "${rng.pick(ADJECTIVES)}",`,
        `  "enabled": ${rng.chance(0.5)}`,
        "}",
      ];
  }
}

export function codeBlock(rng: Rng): string {
  const language = rng.pick(LANGUAGES);
  const lines = codeLines(rng, language);
  if (rng.chance(0.4)) lines.push(...codeLines(rng, language));
  return `\`\`\`${language}\n${lines.join("\n")}\n\`\`\``;
}

function list(rng: Rng): string {
  const ordered = rng.chance(0.4);
  return Array.from({ length: rng.int(2, 6) }, (_, i) => {
    const bullet = ordered ? `${i + 1}.` : "-";
    return `${bullet} ${capitalise(phrase(rng))}${rng.chance(0.3) ? `: ${sentence(rng)}` : "."}`;
  }).join("\n");
}

function table(rng: Rng): string {
  const columns = rng.int(2, 4);
  const head = Array.from({ length: columns }, () => capitalise(rng.pick(NOUNS)));
  const rows = Array.from({ length: rng.int(2, 5) }, () =>
    Array.from({ length: columns }, (_, c) =>
      c === 0 ? `\`${rng.pick(IDENTIFIERS)}\`` : String(rng.int(1, 9999)),
    ),
  );
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

function heading(rng: Rng): string {
  return `${"#".repeat(rng.int(2, 3))} ${capitalise(rng.pick(ADJECTIVES))} ${rng.pick(NOUNS)}s`;
}

/** A user's question: one to three sentences, sometimes with a snippet. */
export function userMarkdown(rng: Rng): string {
  const parts = [paragraph(rng, rng.int(1, 3))];
  if (rng.chance(0.2)) parts.push(codeBlock(rng));
  if (rng.chance(0.5)) parts.push(`Why does ${phrase(rng)}?`);
  return parts.join("\n\n");
}

/** An assistant's answer: paragraphs, headings, lists, code and tables, as chat models write them. */
export function assistantMarkdown(rng: Rng): string {
  const parts = [paragraph(rng)];
  const blocks = rng.int(2, 8);
  for (let i = 0; i < blocks; i++) {
    const r = rng.next();
    if (r < 0.15) parts.push(heading(rng));
    else if (r < 0.4) parts.push(codeBlock(rng));
    else if (r < 0.6) parts.push(list(rng));
    else if (r < 0.67) parts.push(table(rng));
    else if (r < 0.72) parts.push(`> ${sentence(rng)}`);
    else parts.push(paragraph(rng));
  }
  return parts.join("\n\n");
}

/**
 * Exactly `tokens` streamed pieces of Markdown (an answer to stream): a piece is a word with the
 * whitespace after it, as the demo model splits text.
 */
export function longAnswer(rng: Rng, tokens: number): string {
  const blocks: string[] = [];
  let count = 0;
  while (count < tokens) {
    const block = assistantMarkdown(rng);
    blocks.push(block);
    count += block.match(/\S+/g)?.length ?? 0;
  }
  const pieces = blocks.join("\n\n").match(/\S+\s*/g) ?? [];
  return pieces.slice(0, tokens).join("").trimEnd();
}
