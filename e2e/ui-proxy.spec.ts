import { expect, test } from "./app-test.ts";
import { ChatPage } from "./chat-page.ts";

test("an unreachable proxy shows a banner and disables Send with the reason", async ({ page }) => {
  await page.route("**/healthz", (route) => route.abort("connectionrefused"));
  const chat = new ChatPage(page);
  await chat.open();
  await expect(page.getByRole("alert").filter({ hasText: "Sending is paused." })).toContainText(
    "cannot be reached",
  );
  await chat.composer.fill("hello");
  await expect(chat.send).toBeDisabled();
  await expect(chat.composer).toHaveAccessibleDescription(/cannot be reached/);
});

test("a proxy error is an alert that keeps the user's message, with Retry", async ({
  page,
  chat,
}) => {
  await chat.sendMessage("/fail 503");
  const alert = page
    .getByRole("alert")
    .filter({ has: page.getByRole("button", { name: "Retry" }) });
  await expect(alert).toBeVisible();
  await expect(chat.messages("user")).toHaveText([/\/fail 503/]);
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(alert).toBeVisible();
  await expect(chat.messages("user")).toHaveCount(1);
});
