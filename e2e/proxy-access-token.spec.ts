import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { expect, test } from "./app-test.ts";
import { ChatPage } from "./chat-page.ts";
import { ACCESS_TOKEN_PORT } from "./ports.ts";

const TOKEN = "e2e-token-0123456789abcdef";
const PORT = ACCESS_TOKEN_PORT;
const ORIGIN = `http://127.0.0.1:${PORT}`;
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  // The build the other tests use, served a second time with an access token required.
  server = spawn(process.execPath, [join(process.cwd(), "dist", "server", "node.js")], {
    env: { ...process.env, PORT: String(PORT), PARLEY_ACCESS_TOKEN: TOKEN, DEMO_DELAY_MS: "1" },
    stdio: "ignore",
  });
  await expect
    .poll(
      () =>
        fetch(`${ORIGIN}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 20_000 },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill();
});

test("a proxy that needs a token: Send waits for it, and it works once entered in Settings", async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await chat.open(`${ORIGIN}/`);
  const notice = page.getByRole("alert").filter({ hasText: "needs an access token" });
  await expect(notice).toBeVisible();
  await chat.composer.fill("hello");
  await expect(chat.send).toBeDisabled();

  const settings = await chat.openSettings();
  // Let the failed model-list requests and their retry end, so the one that follows the token
  // can only come from entering it: the list is asked for again then, not only after a reload.
  await page.waitForTimeout(2500);
  const listed = page.waitForResponse(
    (r) =>
      r.url().endsWith("/v1/models") && r.request().headers().authorization === `Bearer ${TOKEN}`,
    { timeout: 3000 },
  );
  await settings.getByLabel("Access token").fill(TOKEN);
  expect((await listed).status()).toBe(200);
  await page.keyboard.press("Escape");
  await expect(notice).toHaveCount(0);
  await expect(chat.model).toHaveValue("demo");
  await chat.send.click();
  await chat.waitForAnswer();
  await expect(chat.lastAnswer()).toHaveAttribute("data-status", "complete");

  await page.reload();
  await expect(chat.messages("assistant")).toHaveCount(1);
  await expect(notice).toHaveCount(0);
});
