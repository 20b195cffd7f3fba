import { expect, test } from "./app-test.ts";

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
