/** `text` as a fenced Markdown block whose fence is longer than any run of backticks inside. */
export function fenced(text: string, info = ""): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${text}\n${fence}`;
}

/** `text` with the characters Markdown would read as formatting escaped, for names shown as text. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, "\\$&");
}

/** A quoted block: `title` in bold, then `text` as fenced code, every line behind `> `. */
export function quotedFile(title: string, text: string): string {
  const body = `**${escapeMarkdown(title)}**\n${fenced(text)}`;
  return body
    .split("\n")
    .map((line) => (line === "" ? ">" : `> ${line}`))
    .join("\n");
}
