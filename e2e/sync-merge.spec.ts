import type { Page } from "@playwright/test";
import { expect, test } from "./app-test.ts";
import type { ChatPage } from "./chat-page.ts";
import { couchAnswer, device, freshDatabase, SYNC, turnOnSync } from "./sync-devices.ts";

const PASSPHRASE = "correct horse battery staple";

const offline = (page: Page) =>
  page.route(`${SYNC}/**`, (route) => route.abort("connectionrefused"));
/** The server reachable again, and the browser's `online` event, as when a device reconnects. */
async function online(page: Page) {
  await page.unroute(`${SYNC}/**`);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
}

/** Turns on sync and waits for Synced; closes Settings. */
async function synced(chat: ChatPage, database: string) {
  await expect(await turnOnSync(chat, database, PASSPHRASE)).toHaveText("Synced", {
    timeout: 30_000,
  });
  await chat.page.keyboard.press("Escape");
}

/**
 * The texts of both versions of the newest question, which the two devices asked offline: the
 * one shown, then the other, switched to with the version buttons.
 */
async function bothVersions(chat: ChatPage): Promise<string[]> {
  const group = chat.log.getByRole("group", { name: /^Version \d of 2$/ });
  await expect(group).toHaveCount(1, { timeout: 30_000 });
  const question = chat.messages("user").last();
  await expect(question.getByRole("group")).toHaveCount(1);
  const shownFirst = (await group.getAttribute("aria-label")) === "Version 1 of 2";
  const first = ((await question.locator(".content").textContent()) ?? "").trim();
  await group
    .getByRole("button", { name: shownFirst ? "Next version" : "Previous version" })
    .click();
  await expect(
    chat.log.getByRole("group", { name: shownFirst ? "Version 2 of 2" : "Version 1 of 2" }),
  ).toBeVisible();
  await expect(question.locator(".content")).not.toHaveText(first);
  const second = ((await question.locator(".content").textContent()) ?? "").trim();
  return [first, second].sort();
}

test("two devices: messages cross both ways, offline edits on both merge as versions, and a delete reaches the other", async ({
  browser,
  request,
}, testInfo) => {
  // Two key derivations of 600,000 PBKDF2 rounds, and a delete's 10 s Undo window.
  test.setTimeout(120_000);
  const database = await freshDatabase(request, "merge", testInfo);
  const a = await device(browser);
  const b = await device(browser);
  try {
    await a.chat.ask("Packing list for Tromsø in January");
    await synced(a.chat, database);
    await synced(b.chat, database);
    await b.chat.conversation(/Tromsø/).click();
    await expect(b.chat.messages("user")).toHaveCount(1);

    // B → A: a message written on the second device shows in the first one's open log.
    await b.chat.ask("And what about the northern lights");
    await expect(
      a.chat.messages("user").filter({ hasText: "And what about the northern lights" }),
    ).toBeVisible({ timeout: 20_000 });
    // And its answer: a question asked on A before it arrived would answer the question alone,
    // and the answer, arriving later, would be its version.
    await expect(a.chat.messages("assistant")).toHaveCount(2, { timeout: 20_000 });
    await expect(a.chat.lastAnswer()).toHaveAttribute("data-status", "complete");

    // Both offline, each adds its own next question to the same turn.
    await Promise.all([offline(a.chat.page), offline(b.chat.page)]);
    await a.chat.ask("Written offline on the laptop: wool or down");
    await b.chat.ask("Written offline on the phone: which crampons");
    await Promise.all([online(a.chat.page), online(b.chat.page)]);
    // Neither is lost or picked over the other: on each device they are two versions.
    const expected = [
      "Written offline on the laptop: wool or down",
      "Written offline on the phone: which crampons",
    ];
    // On both devices before either switches: the newest question has two versions, and each
    // device still shows the one written on it (the branch its person was on), not the other's.
    for (const [chat, own] of [
      [a.chat, "Written offline on the laptop: wool or down"],
      [b.chat, "Written offline on the phone: which crampons"],
    ] as const) {
      await expect(chat.log.getByRole("group", { name: /^Version \d of 2$/ })).toHaveCount(1, {
        timeout: 30_000,
      });
      await expect(chat.messages("user").last().locator(".content")).toHaveText(own);
    }
    expect(await bothVersions(a.chat)).toEqual(expected);

    // A delete travels once its Undo window has passed.
    await a.chat.conversationAction("Delete");
    await expect(a.chat.page.getByRole("button", { name: "Undo" })).toBeVisible();
    await expect(a.chat.page.getByRole("button", { name: "Undo" })).toHaveCount(0, {
      timeout: 20_000,
    });
    await expect(b.chat.conversation(/Tromsø/)).toHaveCount(0, { timeout: 20_000 });
  } finally {
    await Promise.all([a.context.close(), b.context.close()]);
  }
});

test("a document the server refuses as too big (413), a server out of storage (507), and a database deleted on the server, are told; nothing is lost", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const database = await freshDatabase(request, "faults", testInfo);
  const a = await device(browser);
  try {
    await a.chat.ask("Ferry times from Bodø to Lofoten");
    await synced(a.chat, database);

    await a.chat.page.route(`${SYNC}/**/_bulk_docs`, (route) =>
      route.fulfill(
        couchAnswer(413, { error: "too_large", reason: "the request entity is too large" }),
      ),
    );
    await a.chat.ask("And the winter timetable");
    const settings = await a.chat.openSettings();
    const status = settings.getByRole("status").filter({ hasText: /sync|413|404/i });
    await expect(status).toHaveText(/too big \(413\)/, { timeout: 20_000 });
    await a.chat.page.unroute(`${SYNC}/**/_bulk_docs`);
    // It tries again, and once the server takes the documents it is synced.
    await expect(status).toHaveText("Synced", { timeout: 30_000 });
    await a.chat.page.keyboard.press("Escape");
    await expect(a.chat.messages("user")).toHaveCount(2);

    // A server whose disk is full (507): told, and what was written meanwhile goes once it has room.
    await a.chat.page.route(`${SYNC}/**/_bulk_docs`, (route) =>
      route.fulfill(couchAnswer(507, { error: "insufficient_storage", reason: "disk full" })),
    );
    await a.chat.ask("Is the coastal express running");
    await a.chat.openSettings();
    await expect(status).toHaveText(/out of storage \(507\)/, { timeout: 20_000 });
    await a.chat.page.unroute(`${SYNC}/**/_bulk_docs`);
    await expect(status).toHaveText("Synced", { timeout: 30_000 });
    await a.chat.page.keyboard.press("Escape");
    await expect(a.chat.messages("user")).toHaveCount(3);

    expect((await request.delete(database)).status()).toBe(200);
    await a.chat.ask("Is there a night boat");
    await a.chat.openSettings();
    await expect(status).toHaveText(/no database at this address \(404\)/, { timeout: 30_000 });
    await a.chat.page.keyboard.press("Escape");
    await expect(a.chat.conversation(/Bodø/)).toBeVisible();
    await expect(a.chat.messages("user")).toHaveCount(4);
  } finally {
    await a.context.close();
  }
});
