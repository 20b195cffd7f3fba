import type { Page } from "@playwright/test";
import { lastMarker, type SessionGroup, sessionIdOf } from "../bench/data/sessions.ts";
import { expect, test } from "./app-test.ts";
import { ChatPage } from "./chat-page.ts";
import { bundleSeedScript } from "./seed-script.ts";

test("a first message storage could not keep goes back into the box, with why", async ({
  page,
  chat,
}) => {
  const long = `start ${"x".repeat(1_000_000)}`;
  await chat.composer.fill(long);
  await chat.send.click();

  const alert = page.getByRole("alert").filter({ hasText: "Your message was not sent" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("at most 1,000,000 can be kept");
  await expect(chat.composer).toHaveValue(long);
  await expect(chat.messages("user")).toHaveCount(0);
});

const LONG: SessionGroup = { tag: "long", count: 1, messages: 300 };
let seedScript = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  seedScript = await bundleSeedScript();
});

/**
 * Holds the app's database with a write transaction of another connection, kept open by
 * chained reads, so a conversation opened meanwhile stays "being read" until `releaseDatabase`.
 */
function holdDatabase(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const flags = globalThis as unknown as { parleyReleaseHold?: boolean };
        const open = indexedDB.open("parley");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const records = db.transaction("records", "readwrite").objectStore("records");
          const spin = () => {
            if (flags.parleyReleaseHold) db.close();
            else records.get("parley-e2e-hold").onsuccess = spin;
          };
          spin();
          resolve();
        };
      }),
  );
}

function releaseDatabase(page: Page): Promise<void> {
  return page.evaluate(() => {
    (globalThis as unknown as { parleyReleaseHold?: boolean }).parleyReleaseHold = true;
  });
}

test("Enter pressed while a long conversation is still being read is sent once it is read, and says so meanwhile", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto("/healthz");
  await page.evaluate(seedScript);
  await page.evaluate(
    (g) =>
      (
        globalThis as unknown as { parleyBenchSeed: (g: SessionGroup[]) => Promise<unknown> }
      ).parleyBenchSeed(g),
    [LONG],
  );
  const chat = new ChatPage(page);
  await chat.open("/");
  const id = sessionIdOf(LONG, 0);

  await holdDatabase(page);
  await chat.conversation(/long 0001/).click();
  await expect(page).toHaveURL(new RegExp(`/c/${id}$`));
  await chat.composer.fill("/echo sent while it was read");
  await chat.composer.press("Enter");
  const pending = page
    .getByRole("status")
    .filter({ hasText: "Sends once the conversation is read" });
  await expect(pending).toBeVisible();
  await expect(chat.composer).toHaveValue("/echo sent while it was read");
  await expect(chat.messages("user").filter({ hasText: "sent while it was read" })).toHaveCount(0);

  await releaseDatabase(page);
  await expect(chat.lastAnswer()).toContainText("sent while it was read", { timeout: 20_000 });
  await chat.waitForAnswer();
  await expect(pending).toHaveCount(0);
  await expect(chat.composer).toHaveValue("");
  await page.reload();
  await expect(chat.lastAnswer()).toContainText("sent while it was read");
  await expect(chat.log.getByText(lastMarker(id))).toBeVisible();
});
