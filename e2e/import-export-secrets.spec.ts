import { expect, test } from "./app-test.ts";

test("credentials in a conversation's state stay out of the export, and Parley says how many", async ({
  page,
  chat,
  io,
}) => {
  await chat.ask("What is 2+3?");
  const details = await chat.openDetails();
  await details
    .getByRole("textbox", { name: "State" })
    .fill(
      '{"name": "Li Ming", "github": {"token": "ghs-NEVER-EXPORTED"}, "openaiApiKey": "key-NEVER-EXPORTED", "note": "sk-proj-NEVEREXPORTED1234567890"}',
    );
  await details.getByRole("button", { name: "Save state" }).click();
  await expect(details.getByRole("status")).toContainText("Saved");
  await details.press("Escape");

  const file = await io.download(io.exportChat);
  expect(file.text).not.toContain("NEVER");
  const document = JSON.parse(file.text);
  expect(document.credentials_removed).toBe(3);
  expect(document.sessions[0].state).toEqual({ name: "Li Ming", github: {} });
  await expect(
    page.getByText("3 credentials (API keys, tokens, passwords) were left out of the export."),
  ).toBeVisible();
});
