import { randomBytes } from "node:crypto";
import { type BrowserContext, expect, test } from "@playwright/test";
import { ChatPage } from "./chat-page.ts";
import { DiskProfile } from "./persistence-profile.ts";

test("a full disk: an alert with a way out, the conversation keeps working, no partial record", async ({
  baseURL,
}) => {
  const profile = new DiskProfile(baseURL ?? "");
  const context = await profile.launch();
  try {
    await fullDisk(context);
  } finally {
    await context.close();
    profile.remove();
  }
});

/**
 * IndexedDB asks the quota manager for the space left when it first opens the origin's
 * storage and then counts down, so the small quota is set before the app opens its database.
 */
async function fullDisk(context: BrowserContext) {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto("/healthz");
  const origin = new URL(page.url()).origin;
  const cdp = await context.newCDPSession(page);
  await cdp.send("Storage.overrideQuotaForOrigin", { origin, quotaSize: 512 * 1024 });

  const chat = new ChatPage(page);
  await chat.open();
  await chat.ask("/echo written before the disk filled");
  const id = chat.activeId();

  const incompressible = randomBytes(300 * 1024).toString("hex");
  await chat.sendMessage(`Keep this: ${incompressible}`);
  const alert = page.getByRole("alert").filter({ hasText: "Storage is full" });
  await expect(alert).toBeVisible();
  await chat.waitForAnswer();
  await expect(chat.messages("user")).toHaveCount(2);
  // 600 kB of text is far past the demo model's 8,192-token window: the run says so in the
  // log (it is not sent), and the conversation goes on below.
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "error");
  await expect(chat.lastAnswer()).toContainText("too long for the model");

  const download = page.waitForEvent("download");
  await alert.getByRole("button", { name: "Download a copy of everything" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^parley-.*\.json$/);
  await expect(alert.getByText("Oldest conversations")).toBeVisible();

  await page.reload();
  await expect(chat.lastAnswer()).toHaveText(/written before the disk filled/);
  await expect(chat.messages()).toHaveCount(2);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/c/${id}$`));

  await cdp.send("Storage.overrideQuotaForOrigin", { origin });
  await chat.ask("/echo room again");
  await page.reload();
  await expect(chat.messages("user")).toHaveText([/written before/, /room again/]);
}
