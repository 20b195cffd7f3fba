import { expect, type Page, test } from "@playwright/test";
import { ChatPage } from "./chat-page.ts";

test.use({ viewport: { width: 375, height: 740 } });

/** The controls matching `selector` on screen that are less than 44 px either way, with their size. */
function smallTargets(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)]
        .filter((e) => e.getClientRects().length > 0)
        .map((e) => ({ e, box: e.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(
          ({ e, box }) =>
            `${e.getAttribute("aria-label") ?? e.textContent} ${box.width}×${box.height}`,
        ),
    selector,
  );
}

test("at 375 px the sidebar is a drawer and chatting still works", async ({ page }) => {
  const chat = new ChatPage(page);
  await page.goto("/");
  await expect(chat.composer).toBeVisible();
  await expect(chat.conversations).toBeHidden();
  await chat.ask("/echo narrow screen");
  await expect(chat.lastAnswer()).toContainText("narrow screen");

  const menu = page.getByRole("button", { name: "Conversations menu" });
  await menu.click();
  await expect(chat.conversations).toBeVisible();
  await expect(chat.newChat).toBeVisible();
  await chat.newChat.click();
  await expect(chat.conversations).toBeHidden();
  await expect(chat.composer).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await menu.click();
  await chat.conversation(/narrow screen/).click();
  await expect(chat.lastAnswer()).toContainText("narrow screen");
  await expect(chat.conversations).toBeHidden();
});

test("at 375 px the drawer is modal: focus moves in and back, the page behind is inert, Escape closes it", async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await page.goto("/");
  await chat.ask("/echo drawer focus");
  const menu = page.getByRole("button", { name: "Conversations menu" });

  await menu.click();
  await expect(chat.newChat).toBeFocused();
  await expect(page.locator(".main")).toHaveAttribute("inert", "");
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    const inDrawer = await page.evaluate(
      () => document.activeElement?.closest(".sidebar") !== null,
    );
    expect(inDrawer, `Tab ${i + 1} stays in the drawer`).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(chat.conversations).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(page.locator(".main")).not.toHaveAttribute("inert", "");

  await menu.click();
  await expect(chat.newChat).toBeFocused();
  await page.locator("body").evaluate(() => (document.activeElement as HTMLElement).blur());
  await page.keyboard.press("Escape");
  await expect(chat.conversations).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "complete");
});

test("at 320 and 375 px a long title and a pipeline share the header: cut short, no overlap, no sideways scroll", async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await page.goto("/");
  await chat.ask("/echo A rather long first message that makes a long conversation title");
  await chat.setPipeline(["Translator", "Summarizer"]);
  const title = page.locator(".chat-header h1");
  const chip = page.getByRole("button", { name: "Agent: Translator → Summarizer" });
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 740 });
    const [t, c, header] = await Promise.all([
      title.boundingBox(),
      chip.boundingBox(),
      page.locator(".chat-header").boundingBox(),
    ]);
    if (!t || !c || !header) throw new Error("the title, the chip or the header has no box");
    expect(t.x + t.width, `at ${width} px the title ends before the chip`).toBeLessThanOrEqual(c.x);
    expect(c.y, `at ${width} px the chip is on the title's row`).toBeLessThan(t.y + t.height);
    expect(header.height, `at ${width} px the header is one row`).toBeLessThanOrEqual(60);
    expect(
      await title.evaluate((h) => h.scrollWidth > h.clientWidth),
      "the title is cut short",
    ).toBe(true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
});

test("at 375 px on a touch screen the message actions always show, and every control of the header, the answer and the composer is at least 44 px", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const chat = new ChatPage(page);
  await page.goto("/");
  await chat.ask("/echo touch targets");
  await chat.lastAnswer().getByRole("button", { name: "Regenerate" }).click();
  await chat.waitForAnswer();
  await expect(chat.lastAnswer().getByRole("group", { name: "Version 2 of 2" })).toBeVisible();
  // A touch screen has no hover: the actions were drawn transparent there (issue 15).
  for (const [message, name] of [
    [chat.lastAnswer(), "Regenerate"],
    [chat.lastAnswer(), "Copy"],
    [chat.messages("user").last(), "Edit"],
  ] as const)
    await expect(message.getByRole("button", { name, exact: true })).toHaveCSS("opacity", "1");
  expect(
    await smallTargets(
      page,
      ".chat-header button, .message-actions button, .message-actions summary, .composer button, .composer select",
    ),
  ).toEqual([]);
  await page.getByRole("button", { name: "Conversations menu" }).click();
  await expect(chat.conversations).toBeVisible();
  expect(await smallTargets(page, ".sidebar button, .sidebar input, .sidebar a")).toEqual([]);
  // No keyboard shortcut is offered to a phone, and a row's title sits in its middle.
  await expect(chat.search).toHaveAttribute("placeholder", "Search conversations");
  const [row, title] = await Promise.all([
    chat.conversation(/touch targets/).boundingBox(),
    chat
      .conversation(/touch targets/)
      .locator(".title")
      .boundingBox(),
  ]);
  if (!row || !title) throw new Error("the conversation's row has no box");
  expect(Math.abs(row.y + row.height / 2 - (title.y + title.height / 2))).toBeLessThanOrEqual(2);
  await context.close();
});

test("at 375 px a long dialog keeps its closing buttons in view while it scrolls (a phone has no Escape)", async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await page.goto("/");
  await chat.ask("/echo long dialogs");
  const settings = await chat.openSettings();
  await expect(settings.getByRole("button", { name: "Close", exact: true })).toBeInViewport();
  await page.keyboard.press("Escape");
  await chat.conversationAction("Conversation settings");
  const dialog = page.getByRole("dialog", { name: "Conversation settings" });
  await expect(dialog.getByRole("button", { name: "Save settings" })).toBeInViewport();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
});

test("at 375 × 740 one compact header row, and the message log takes at least 60% of the height", async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await page.goto("/");
  await chat.ask("What is 2+3, then times 4?");
  const [header, log] = await Promise.all([
    page.locator(".chat-header").boundingBox(),
    chat.log.boundingBox(),
  ]);
  if (!header || !log) throw new Error("the header or the log has no box");
  expect(header.height).toBeLessThanOrEqual(60);
  expect(log.height / 740).toBeGreaterThanOrEqual(0.6);
});

test("at 375 px the drawer closes with its close button and with a tap on the backdrop", async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await page.goto("/");
  await chat.ask("/echo drawer ways out");
  const menu = page.getByRole("button", { name: "Conversations menu" });
  await menu.click();
  await expect(chat.conversations).toBeVisible();
  await page.getByRole("button", { name: "Close the conversations menu" }).click();
  await expect(chat.conversations).toBeHidden();
  await expect(menu).toBeFocused();

  await menu.click();
  await expect(chat.conversations).toBeVisible();
  // The backdrop is the page's width beyond the drawer's.
  await page.mouse.click(360, 400);
  await expect(chat.conversations).toBeHidden();
  await expect(chat.lastAnswer()).toContainText("drawer ways out");
});

test("at 375 px the composer stays above the on-screen keyboard (the visual viewport's height)", async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await page.goto("/");
  await chat.ask("/echo keyboard up");
  await chat.composer.focus();
  // Headless Chromium has no on-screen keyboard: the visual viewport is made to shrink as one does.
  await page.evaluate(() => {
    const viewport = window.visualViewport;
    if (!viewport) throw new Error("no visual viewport");
    Object.defineProperty(viewport, "height", { configurable: true, get: () => 420 });
    viewport.dispatchEvent(new Event("resize"));
  });
  await expect
    .poll(async () => {
      const box = await chat.composer.boundingBox();
      return box ? box.y + box.height : Number.POSITIVE_INFINITY;
    })
    .toBeLessThanOrEqual(420);
  await expect(chat.lastAnswer()).toBeInViewport();
});
