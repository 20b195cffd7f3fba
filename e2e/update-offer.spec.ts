import { appendFileSync, cpSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./app-test.ts";
import { ChatPage } from "./chat-page.ts";
import { OwnServer, ownPort } from "./own-server.ts";

const ROOT = join(import.meta.dirname, "..");

/** Whether a new service worker waits for the page to let it take over. */
async function waiting(): Promise<boolean> {
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(registration?.waiting || registration?.installing);
}

test("a new deployment is offered as a reload, never forced: Later keeps the page, a reload or the offer's Reload brings it", async ({
  page,
}, testInfo) => {
  // A copy of the build of this test's own (inside the repository, so the server finds its
  // packages), whose service worker the test changes as a deployment would.
  const root = join(ROOT, "test-results", `update-offer-${testInfo.workerIndex}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  cpSync(join(ROOT, "dist"), join(root, "dist"), { recursive: true });
  const server = new OwnServer(ownPort(testInfo.workerIndex, 2), {}, root);
  await server.start();
  try {
    const chat = new ChatPage(page);
    await chat.open(server.origin);
    await chat.ask("/echo kept across the update");
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const offer = page.getByRole("status").filter({ hasText: "A new version of Parley is ready." });
    await expect(offer).toHaveCount(0);

    const worker = join(root, "dist/client/sw.js");
    appendFileSync(worker, `\n// deployment ${Date.now()}\n`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      await registration.update();
    });
    await expect(offer).toBeVisible({ timeout: 15_000 });
    await offer.getByRole("button", { name: "Later" }).click();
    await expect(offer).toHaveCount(0);
    await expect(chat.lastAnswer()).toContainText("kept across the update");

    // The person's own reload takes the new version.
    await page.reload();
    await expect(chat.lastAnswer()).toContainText("kept across the update");
    await expect.poll(() => page.evaluate(waiting)).toBe(false);
    await expect(offer).toHaveCount(0);

    // The next deployment, taken with the offer's Reload.
    appendFileSync(worker, `\n// deployment ${Date.now()}\n`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      await registration.update();
    });
    await expect(offer).toBeVisible({ timeout: 15_000 });
    const reloaded = page.waitForEvent("load");
    await offer.getByRole("button", { name: "Reload" }).click();
    await reloaded;
    await expect(chat.lastAnswer()).toContainText("kept across the update");
    await expect.poll(() => page.evaluate(waiting)).toBe(false);
    await expect(offer).toHaveCount(0);
  } finally {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
