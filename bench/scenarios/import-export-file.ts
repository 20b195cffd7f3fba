import { closeSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { writeChatGptExport } from "../data/chatgpt-export.ts";

export interface ExportFile {
  path: string;
  conversations: number;
  bytes: number;
}

const written = new Map<string, ExportFile>();

/** Writes the generated ChatGPT export of `bytes` bytes into `dir` once per run. */
export function chatGptExportFile(dir: string, bytes: number): ExportFile {
  const path = join(dir, `conversations-${bytes}.json`);
  const known = written.get(path);
  if (known) return known;
  const fd = openSync(path, "w");
  try {
    const result = writeChatGptExport(bytes, (chunk) => writeSync(fd, chunk));
    const file = { path, ...result };
    written.set(path, file);
    return file;
  } finally {
    closeSync(fd);
  }
}
