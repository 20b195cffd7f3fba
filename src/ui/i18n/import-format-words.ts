import type { ImportFormat, ImportFormatId } from "../../interop/importer.ts";

type Kinded = "librechat" | "big-agi";
type FormatKey =
  | `format:${Exclude<ImportFormatId, Kinded>}`
  | "format:librechat:all-branches"
  | "format:librechat:one-branch"
  | "format:big-agi:backup"
  | "format:big-agi:chat";

/** What the import dialog names each format of file (`src/interop/importer.ts`). */
export const formatWordsEn: Record<FormatKey, string> = {
  "format:parley": "Parley export (version {version})",
  "format:chatgpt": "ChatGPT conversations.json",
  "format:claude": "Claude conversations.json",
  "format:open-webui": "Open WebUI chat export",
  "format:librechat:all-branches": "LibreChat export (all branches)",
  "format:librechat:one-branch": "LibreChat export (one branch)",
  "format:lobechat": "LobeChat export",
  "format:big-agi:backup": "big-AGI backup",
  "format:big-agi:chat": "big-AGI chat",
  "format:nextchat": "NextChat backup",
  "format:chatbot-ui": "chatbot-ui export (version {version})",
  "format:openai-messages": "OpenAI chat messages",
  "format:openai-jsonl": "OpenAI fine-tuning JSONL",
};

export const formatWordsZh: Record<FormatKey, string> = {
  "format:parley": "Parley 导出文件（版本 {version}）",
  "format:chatgpt": "ChatGPT conversations.json",
  "format:claude": "Claude conversations.json",
  "format:open-webui": "Open WebUI 对话导出",
  "format:librechat:all-branches": "LibreChat 导出（所有分支）",
  "format:librechat:one-branch": "LibreChat 导出（单一分支）",
  "format:lobechat": "LobeChat 导出",
  "format:big-agi:backup": "big-AGI 备份",
  "format:big-agi:chat": "big-AGI 对话",
  "format:nextchat": "NextChat 备份",
  "format:chatbot-ui": "chatbot-ui 导出（版本 {version}）",
  "format:openai-messages": "OpenAI 对话消息",
  "format:openai-jsonl": "OpenAI 微调 JSONL",
};

/** The name of a file's format in the reader's language; a version the file does not give reads as "?". */
export function formatText(
  format: ImportFormat,
  t: (key: FormatKey, vars?: Record<string, string | number>) => string,
): string {
  const version = { version: format.version ?? "?" };
  if (format.id === "librechat")
    return t(`format:librechat:${format.kind === "all-branches" ? "all-branches" : "one-branch"}`);
  if (format.id === "big-agi")
    return t(`format:big-agi:${format.kind === "backup" ? "backup" : "chat"}`);
  return t(`format:${format.id}`, version);
}
