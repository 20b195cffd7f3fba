import type { DiskSession } from "../../src/core/codec/disk-types.ts";
import { HIGHLIGHT_MAX_CHARS, MAX_TABLE_CELLS } from "../../src/ui/markdown/limits.ts";

/** One answer the renderer accepts that once froze the page: what it is and its Markdown. */
export interface HostileAnswer {
  id: string;
  label: string;
  markdown: string;
}

const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;

/** Text planted after each answer, to see when it is on screen. */
export function endMarker(id: string): string {
  return `end-of-${id}`;
}

export function hostileTitle(id: string): string {
  return `Hostile ${id}`;
}

const count = (n: number) => n.toLocaleString("en-US");

const SNIPPET = `export async function fetchUser(id: string, retries = 3): Promise<User | null> {
  const url = \`/api/users/\${encodeURIComponent(id)}\`; // one user's record
  for (let attempt = 0; attempt < retries; attempt++) {
    const response = await fetch(url, { headers: { accept: "application/json" } });
    if (response.ok) return (await response.json()) as User;
    if (response.status === 404) return null;
  }
  throw new Error(\`gave up after \${retries} attempts\`);
}

`;

/** A table of `columns` × `rows` cells under its header. */
const table = (columns: number, rows: number) =>
  [`|${" a |".repeat(columns)}`, `|${"---|".repeat(columns)}`]
    .concat(Array.from({ length: rows }, () => `|${" 1 |".repeat(columns)}`))
    .join("\n");

/** Real-looking code, and the most spans per character highlight.js makes (a number each). */
const denseCode = (chars: number) => [
  fence("typescript", SNIPPET.repeat(Math.ceil(chars / SNIPPET.length)).slice(0, chars)),
  fence("typescript", "1 ".repeat(Math.floor(chars / 2))),
];

/** The answers of issue 11, item 4, at the sizes it reported times `scale` (smoke runs: tiny). */
export function hostileAnswers(scale = 1): HostileAnswer[] {
  const n = (full: number) => Math.max(1, Math.round(full * scale));
  return [
    {
      id: "fences",
      label: `typescript fences of a × ${count(n(29_990))} and _ × ${count(n(29_900))}`,
      markdown: `${fence("typescript", "a".repeat(n(29_990)))}\n\n${fence("typescript", "_".repeat(n(29_900)))}`,
    },
    {
      id: "wide-table",
      label: `table of ${count(n(14_700))} columns`,
      markdown: `|${"a|".repeat(n(14_700))}\n|${"-|".repeat(n(14_700))}`,
    },
    {
      id: "long-table",
      label: `table of ${count(n(7_400))} rows`,
      markdown: `| n |\n|---|\n${"| 1 |\n".repeat(n(7_400))}`,
    },
    {
      id: "table-limit-rows",
      label: `table of 5 columns and ${count(n(MAX_TABLE_CELLS / 5 - 1))} rows (the cell limit)`,
      markdown: table(5, n(MAX_TABLE_CELLS / 5 - 1)),
    },
    {
      id: "table-limit-columns",
      label: `table of ${count(n(MAX_TABLE_CELLS / 2))} columns and 1 row (the cell limit)`,
      markdown: table(n(MAX_TABLE_CELLS / 2), 1),
    },
    {
      id: "identifiers",
      label: `typescript, java, c and cpp fences of a × ${count(n(HIGHLIGHT_MAX_CHARS))} (the highlighting limit)`,
      markdown: ["typescript", "java", "c", "cpp"]
        .map((language) => fence(language, "a".repeat(n(HIGHLIGHT_MAX_CHARS))))
        .join("\n\n"),
    },
    {
      id: "dense-code",
      label: `typescript fences of code and of numbers, ${count(n(HIGHLIGHT_MAX_CHARS))} characters each`,
      markdown: denseCode(n(HIGHLIGHT_MAX_CHARS)).join("\n\n"),
    },
  ];
}

const EPOCH_MS = Date.UTC(2026, 5, 1);

/** A conversation of one question and the hostile answer, in the export file's session shape. */
export function hostileSession(answer: HostileAnswer, index: number): DiskSession {
  const hex = (n: number) => n.toString(16).padStart(12, "0");
  const at = (minutes: number) => new Date(EPOCH_MS + index * 3_600_000 + minutes * 60_000);
  return {
    format_version: 1,
    session_id: hex(0xb0000 + index * 2),
    created_at: at(0).toISOString(),
    updated_at: at(1).toISOString(),
    title: hostileTitle(answer.id),
    metadata: {},
    state: {},
    revision: 1,
    messages: [
      {
        id: hex(0xc0000 + index * 2),
        role: "user",
        content: `Show me ${answer.label}`,
        created_at: at(0).toISOString(),
      },
      {
        id: hex(0xc0001 + index * 2),
        role: "assistant",
        content: `${answer.markdown}\n\n${endMarker(answer.id)}`,
        created_at: at(1).toISOString(),
        agent: "Assistant",
        model: "demo",
        status: "complete",
      },
    ],
  };
}
