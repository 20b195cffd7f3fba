import { test as base } from "@playwright/test";
import { ChatPage } from "./chat-page.ts";
import { ImportExportPage } from "./import-export-helpers.ts";

export { expect } from "@playwright/test";

/**
 * Playwright's `test` with the app at hand: `chat` is the page object on the opened app, `io`
 * its import and export controls. A test that must prepare the page before it opens (routes,
 * permissions, init scripts) builds its own `ChatPage` instead.
 */
export const test = base.extend<{ chat: ChatPage; io: ImportExportPage }>({
  chat: async ({ page }, provide) => {
    const chat = new ChatPage(page);
    await chat.open();
    await provide(chat);
  },
  io: async ({ page }, provide) => {
    await provide(new ImportExportPage(page));
  },
});
