import { expect, test } from "./app-test.ts";
import { ChatPage } from "./chat-page.ts";
import { OwnServer, ownPort } from "./own-server.ts";

// The figure is 3 s; a second more for a loaded two-core machine, still far below the
// 30 s the banner took before.
const WITHIN_MS = 4_000;

test("the proxy banner follows the server: on a failed request, back on its return, and Retry now", async ({
  page,
}, testInfo) => {
  const server = new OwnServer(ownPort(testInfo.workerIndex));
  await server.start();
  try {
    const chat = new ChatPage(page);
    await chat.open(server.origin);
    const banner = page.getByRole("alert").filter({ hasText: "Sending is paused." });
    await chat.ask("/echo before the stop");
    await expect(banner).toHaveCount(0);

    await server.stop();
    await chat.sendMessage("/echo while it is gone");
    await expect(banner).toContainText("cannot be reached", { timeout: WITHIN_MS });
    await expect(chat.send).toBeDisabled();
    const retry = banner.getByRole("button", { name: "Retry now" });
    await expect(retry).toBeVisible();
    // The failed answer's alert would say the same again: the banner is the one alert.
    const answerAlert = page
      .getByRole("alert")
      .filter({ has: page.getByRole("button", { name: "Retry", exact: true }) });
    await expect(page.getByRole("alert")).toHaveCount(1);
    await expect(answerAlert).toHaveCount(0);

    await server.start();
    await expect(banner).toHaveCount(0, { timeout: WITHIN_MS });
    // Back: the answer can be asked for again.
    await expect(answerAlert).toBeVisible();

    await server.stop();
    await chat.sendMessage("/echo gone again");
    await expect(retry).toBeVisible({ timeout: WITHIN_MS });
    // Retry now is pressed while the server is still down: once it is back, the banner's own
    // checks may clear it (and remove the button) before a press could land.
    const checked = page.waitForRequest((r) => r.url().endsWith("/healthz"));
    await retry.click();
    await checked;
    await server.start();
    await expect(banner).toHaveCount(0, { timeout: WITHIN_MS });
  } finally {
    await server.stop();
  }
});
