import { expect, test } from "./app-test.ts";
import { ImportExportPage } from "./import-export-helpers.ts";
import { greyPng } from "./png.ts";
import { couchAnswer, device, freshDatabase, SYNC, turnOnSync } from "./sync-devices.ts";

const QUESTION = "Which boots survive minus forty in Ulaanbaatar";

test("two devices sync a conversation end-to-end encrypted; a wrong passphrase is refused", async ({
  browser,
  request,
}, testInfo) => {
  // Three app starts, and three key derivations of 600,000 PBKDF2 rounds (about 0.6 s each on
  // a quiet core, several seconds under load): 20 s on a quiet CI machine.
  test.setTimeout(60_000);
  const database = await freshDatabase(request, "devices", testInfo);
  const a = await device(browser);
  const b = await device(browser);
  const c = await device(browser);
  try {
    await a.chat.ask(QUESTION);
    // Each: load sync's code, derive the key, replicate.
    await expect(await turnOnSync(a.chat, database, "correct horse battery staple")).toHaveText(
      "Synced",
      { timeout: 20_000 },
    );
    await expect(await turnOnSync(b.chat, database, "correct horse battery staple")).toHaveText(
      "Synced",
      { timeout: 20_000 },
    );
    await b.chat.page.keyboard.press("Escape");
    await expect(b.chat.conversation(/Ulaanbaatar/)).toBeVisible();

    const raw = await (await request.get(`${database}/_all_docs?include_docs=true`)).text();
    expect(JSON.parse(raw).rows.length).toBeGreaterThan(2);
    for (const secret of ["Ulaanbaatar", "boots", "minus forty"]) expect(raw).not.toContain(secret);

    await expect(await turnOnSync(c.chat, database, "a different passphrase")).toHaveText(
      /^Wrong passphrase/,
      { timeout: 20_000 },
    );
    await c.chat.page.keyboard.press("Escape");
    await expect(c.chat.conversation(/Ulaanbaatar/)).toHaveCount(0);
  } finally {
    await Promise.all([a.context.close(), b.context.close(), c.context.close()]);
  }
});

test("sync says Offline while the server cannot be reached and sends what was written meanwhile once it is back", async ({
  browser,
  request,
}, testInfo) => {
  const database = await freshDatabase(request, "offline", testInfo);
  const a = await device(browser);
  try {
    await a.chat.ask(QUESTION);
    await expect(await turnOnSync(a.chat, database, "correct horse battery staple")).toHaveText(
      "Synced",
    );
    await a.chat.page.keyboard.press("Escape");
    const count = async () =>
      ((await (await request.get(database)).json()) as { doc_count: number }).doc_count;
    const before = await count();

    await a.chat.page.route(`${SYNC}/**`, (route) => route.abort("connectionrefused"));
    await a.chat.ask("Which gloves survive minus forty");
    const settings = await a.chat.openSettings();
    const status = settings.getByRole("status").filter({ hasText: /sync|offline/i });
    await expect(status).toHaveText(/^Offline/);
    expect(await count()).toBe(before);

    await a.chat.page.unroute(`${SYNC}/**`);
    // Without waiting for the backoff. PouchDB's own retry can come first, once the server is
    // back, and then the button is gone (it shows only while Offline): that is no failure, as
    // long as sync has left Offline by itself.
    await settings
      .getByRole("button", { name: "Retry now" })
      .click({ timeout: 5_000 })
      .catch(async () => {
        await expect(status).not.toHaveText(/^Offline/);
      });
    await expect(status).toHaveText("Synced", { timeout: 20_000 });
    expect(await count()).toBeGreaterThan(before);
  } finally {
    await a.context.close();
  }
});

test("a server that refuses the username or password says so (401)", async ({ browser }) => {
  const a = await device(browser);
  try {
    await a.chat.page.route(`${SYNC}/**`, (route) =>
      route.fulfill(
        couchAnswer(401, { error: "unauthorized", reason: "Name or password is incorrect." }),
      ),
    );
    await expect(await turnOnSync(a.chat, `${SYNC}/parley-401`, "any passphrase")).toHaveText(
      /\(401\)/,
    );
  } finally {
    await a.context.close();
  }
});

test("a picture attached on one device shows on the other, which has the conversation open", async ({
  browser,
  request,
}, testInfo) => {
  // Two app starts and two key derivations of 600,000 PBKDF2 rounds, as above.
  test.setTimeout(60_000);
  const database = await freshDatabase(request, "pictures", testInfo);
  const a = await device(browser);
  const b = await device(browser);
  try {
    await a.chat.ask("Packing for the Gobi");
    for (const side of [a, b]) {
      await expect(
        await turnOnSync(side.chat, database, "correct horse battery staple"),
      ).toHaveText("Synced", { timeout: 20_000 });
      await side.chat.page.keyboard.press("Escape");
    }
    await b.chat.conversation(/Gobi/).click();
    await expect(b.chat.messages("user")).toHaveCount(1);

    await a.chat.page
      .getByLabel("Attach files", { exact: true })
      .and(a.chat.page.locator("input"))
      .setInputFiles([{ name: "dune-map.png", mimeType: "image/png", buffer: greyPng(40, 30) }]);
    await a.chat.ask("Is this the right dune");
    const arrived = b.chat.messages("user").filter({ hasText: "Is this the right dune" });
    await expect(arrived.getByRole("img", { name: "dune-map.png" })).toBeVisible({
      timeout: 20_000,
    });

    const raw = await (await request.get(`${database}/_all_docs?include_docs=true`)).text();
    expect(raw).not.toContain("dune-map");
  } finally {
    await Promise.all([a.context.close(), b.context.close()]);
  }
});

test("a picture missing on both devices shows on the other, without a reload, once one device gets its bytes back", async ({
  browser,
  request,
}, testInfo) => {
  // Three app starts, two key derivations and three imports.
  test.setTimeout(90_000);
  const database = await freshDatabase(request, "restored", testInfo);
  const maker = await device(browser);
  const a = await device(browser);
  const b = await device(browser);
  try {
    // An export whose picture was changed: imported, its message names bytes A does not hold.
    await maker.chat.page
      .getByLabel("Attach files", { exact: true })
      .and(maker.chat.page.locator("input"))
      .setInputFiles([{ name: "oasis.png", mimeType: "image/png", buffer: greyPng(40, 30) }]);
    await maker.chat.ask("Where is the oasis");
    const makerIo = new ImportExportPage(maker.chat.page);
    const file = await makerIo.download(makerIo.exportChat);
    const document = JSON.parse(file.text);
    const data: string = document.attachments[0].data;
    document.attachments[0].data = `${data.startsWith("A") ? "B" : "A"}${data.slice(1)}`;
    const aIo = new ImportExportPage(a.chat.page);
    const importInto = async (text: string) => {
      await aIo.choose([{ name: file.name, text }]);
      await aIo.commit();
      await aIo.dialog.getByRole("button", { name: "Close" }).click();
    };
    await importInto(JSON.stringify(document));

    for (const side of [a, b]) {
      await expect(
        await turnOnSync(side.chat, database, "correct horse battery staple"),
      ).toHaveText("Synced", { timeout: 20_000 });
      await side.chat.page.keyboard.press("Escape");
    }
    await b.chat.conversation(/oasis/).click();
    const shown = b.chat.messages("user").first();
    await expect(shown).toContainText("This image is no longer stored.");

    // The good file brings the bytes back on A; its next message sends them.
    await importInto(file.text);
    await a.chat.conversation(/oasis/).click();
    await a.chat.ask("How far is it from the road");
    await expect(shown.getByRole("img", { name: "oasis.png" })).toBeVisible({ timeout: 20_000 });
  } finally {
    await Promise.all([maker.context.close(), a.context.close(), b.context.close()]);
  }
});
