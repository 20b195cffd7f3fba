import { expect, test } from "./app-test.ts";
import { ChatPage } from "./chat-page.ts";
import { OwnServer, ownPort } from "./own-server.ts";

test("after one visit the app opens with the server stopped: conversations are listed and readable, and the banner says why sending is paused", async ({
  page,
}, testInfo) => {
  const server = new OwnServer(ownPort(testInfo.workerIndex, 1));
  await server.start();
  try {
    const chat = new ChatPage(page);
    await chat.open(server.origin);
    await chat.ask("/echo kept for the train");
    await expect(chat.lastAnswer()).toContainText("kept for the train");
    // The first visit installs the service worker with the app shell precached.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await server.stop();
    // Only the service worker's cache may answer: a script the browser kept in its HTTP cache
    // (every one fetched on the first visit) would hide one the worker did not precache.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await page.reload();
    await expect(chat.newChat).toBeVisible();
    await expect(chat.conversation(/kept for the train/)).toBeVisible();
    await chat.conversation(/kept for the train/).click();
    await expect(chat.lastAnswer()).toContainText("kept for the train");
    await expect(page.getByRole("alert").filter({ hasText: "Sending is paused." })).toContainText(
      "cannot be reached",
    );
    // Parts loaded only when needed (the Markdown renderer, the menus, the dialogs) were
    // precached too, although this visit never opened them online.
    await expect(chat.lastAnswer().locator(".md p")).toContainText("kept for the train");
    await chat.openSettings();
  } finally {
    await server.stop();
  }
});
