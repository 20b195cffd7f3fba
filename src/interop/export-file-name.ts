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

/** `parley-<title>-2026-11-29.json`, `parley-3-conversations-….json` or `parley-all-….json`. */
export function exportFileName(scope: ExportScope, exportedAt: string): string {
  const date = exportedAt.slice(0, 10);
  if (scope.kind === "all") return `parley-all-${date}.json`;
  if (scope.kind === "selected") return `parley-${scope.count}-conversations-${date}.json`;
  return `parley-${fileNameSlug(scope.title)}-${date}.json`;
}
