import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";
import { ChatPage } from "./chat-page.ts";
import { ImportExportPage } from "./import-export-helpers.ts";
import { INSTANT_DEMO_PORT } from "./ports.ts";

// What is checked is each screen once drawn, not the streaming: the instant demo's server.
test.use({ baseURL: `http://127.0.0.1:${INSTANT_DEMO_PORT}` });

const CASES = [
  { theme: "light", width: 1280 },
  { theme: "dark", width: 1280 },
  { theme: "light", width: 375 },
  { theme: "dark", width: 375 },
] as const;

for (const { theme, width } of CASES) {
  test(`no serious or critical axe violation in the ${theme} theme at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
    await page.emulateMedia({ colorScheme: theme });
    const chat = new ChatPage(page);
    await page.goto("/");
    await expect(chat.composer).toBeVisible();
    expect(await seriousViolations(page), "empty state").toEqual([]);
    await chat.ask("What is 2+3, then times 4?");
    await chat.ask(
      "/echo A **table**:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```python\nprint('hi')\n```",
    );
    await chat.log.locator("details.tool-group summary").first().click();
    expect(await seriousViolations(page), "main screen").toEqual([]);

    await page.getByRole("button", { name: "Conversation actions" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    expect(await seriousViolations(page), "conversation actions menu").toEqual([]);
    await page.keyboard.press("Escape");

    const details = await chat.openDetails();
    await expect(details).toBeVisible();
    expect(await seriousViolations(page), "session details").toEqual([]);
    await page.keyboard.press("Escape");

    await chat.openAgents();
    await page.getByRole("button", { name: "Edit Assistant" }).click();
    expect(await seriousViolations(page), "agents panel").toEqual([]);
    await page.keyboard.press("Escape");

    await chat.openSettings();
    expect(await seriousViolations(page), "settings").toEqual([]);
    await page.keyboard.press("Escape");

    await chat.openConversationSettings();
    expect(await seriousViolations(page), "conversation settings").toEqual([]);
    await page.keyboard.press("Escape");

    await chat.appAction("Keyboard shortcuts");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    expect(await seriousViolations(page), "keyboard shortcuts").toEqual([]);
    await page.keyboard.press("Escape");

    await chat.appAction("Export…");
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await seriousViolations(page), "export").toEqual([]);
    await page.keyboard.press("Escape");

    const io = new ImportExportPage(page);
    await io.choose([await io.download(io.exportChat)]);
    expect(await seriousViolations(page), "import conversations").toEqual([]);
  });
}
