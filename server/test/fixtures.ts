import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../fixtures/", import.meta.url));

/** The files of one fixture folder (`openai-chat`, `compat`, `anthropic`, `errors`). */
export function fixtureFiles(folder: string): string[] {
  return readdirSync(`${root}${folder}`)
    .filter((name) => !name.startsWith("."))
    .sort()
    .map((name) => `${folder}/${name}`);
}

export function fixtureText(path: string): string {
  return readFileSync(`${root}${path}`, "utf8");
}

/**
 * A fixture as the wire body an upstream sends: `.sse` files verbatim; `.chunks.txt` (one JSON
 * payload a line) as `data:` frames, with `[DONE]` for OpenAI-style streams, as recorded.
 */
export function fixtureStream(path: string): string {
  const text = fixtureText(path);
  if (!path.endsWith(".chunks.txt")) return text;
  const frames = text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => `data: ${line}\n\n`)
    .join("");
  return path.startsWith("anthropic/") ? frames : `${frames}data: [DONE]\n\n`;
}
