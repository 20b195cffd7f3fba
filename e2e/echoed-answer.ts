import { expect } from "@playwright/test";
import type { ChatPage } from "./chat-page.ts";
import { type ImportExportPage, nativeExport } from "./import-export-helpers.ts";

/**
 * Shows `text` as the demo model's answer to `/echo text`, imported rather than asked: a text
 * past the demo's 8,192-token window is refused before it reaches the model (the request is
 * fitted, issue 16), yet how such an answer renders is what the hostile-Markdown checks test.
 */
export async function showEchoedAnswer(
  chat: ChatPage,
  io: ImportExportPage,
  text: string,
  title: string,
): Promise<void> {
  const at = "2026-11-29T10:00:00.000Z";
  const id = Array.from(title, (c) => c.charCodeAt(0).toString(16))
    .join("")
    .slice(0, 12)
    .padEnd(12, "0");
  const session = {
    format_version: 2,
    session_id: id,
    created_at: at,
    updated_at: at,
    title,
    metadata: {},
    state: {},
    revision: 1,
    messages: [
      { id: "q", role: "user", content: `/echo ${text}`, created_at: at },
      {
        id: "a",
        role: "assistant",
        content: text,
        created_at: at,
        model: "demo",
        status: "complete",
      },
    ],
  };
  await io.choose([{ name: "echoed.json", text: nativeExport([session], at) }]);
  await io.commit();
  await io.dialog.getByRole("button", { name: "Close" }).click();
  await chat.conversation(title).click();
  await expect(chat.page).toHaveURL(new RegExp(`/c/${id}$`));
}
