import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { ChatPage } from "./chat-page.ts";

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

for (const theme of ["light", "dark"] as const) {
  test(`no serious or critical axe violation in the ${theme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    const chat = new ChatPage(page);
    await chat.open();
    await chat.ask("What is 2+3, then times 4?");
    await chat.ask(
      "/echo A **table**:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```python\nprint('hi')\n```",
    );
    expect(await seriousViolations(page), "main screen").toEqual([]);

    const details = await chat.openDetails();
    await expect(details).toBeVisible();
    expect(await seriousViolations(page), "session details").toEqual([]);

    await chat.openAgents();
    await page.getByRole("button", { name: "Edit Assistant" }).click();
    expect(await seriousViolations(page), "agents panel").toEqual([]);
    await page.keyboard.press("Escape");

    await chat.openSettings();
    expect(await seriousViolations(page), "settings").toEqual([]);
  });
}
