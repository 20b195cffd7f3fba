// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const UNSAFE = /[\u0000-\u001f\u007f-\u009f<>:"/\\|?*\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const MAX_SLUG = 60;

/** A title made safe as part of a file name on Windows, macOS and Linux; letters of any script are kept. */
export function fileNameSlug(title: string): string {
  const slug = Array.from(
    title
      .normalize("NFC")
      .replace(UNSAFE, " ")
      .replace(/\s+/g, "-")
      .replace(/-+/g, "-")
      .replace(/^[-.]+|[-.]+$/g, ""),
  )
    .slice(0, MAX_SLUG)
    .join("")
    .replace(/[-.]+$/g, "");
  if (slug === "") return "conversation";
  return RESERVED.test(slug) ? `${slug}-chat` : slug;
}

export type ExportScope =
  | { kind: "one"; title: string }
  | { kind: "selected"; count: number }
  | { kind: "all" };

/** Which file of a split export this is (1-based); a split is named `…-part-1-of-3.json`. */
export interface ExportFilePart {
  index: number;
  total: number;
}

/** `parley-<title>-2026-11-29.json`, `parley-3-conversations-….json` or `parley-all-….json`. */
export function exportFileName(
  scope: ExportScope,
  exportedAt: string,
  part: ExportFilePart = { index: 1, total: 1 },
): string {
  const date = exportedAt.slice(0, 10);
  const suffix = part.total > 1 ? `-part-${part.index}-of-${part.total}` : "";
  const name =
    scope.kind === "all"
      ? "all"
      : scope.kind === "selected"
        ? `${scope.count}-conversations`
        : fileNameSlug(scope.title);
  return `parley-${name}-${date}${suffix}.json`;
}
