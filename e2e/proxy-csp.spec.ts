import { expect, test } from "./app-test.ts";
import { ChatPage } from "./chat-page.ts";
import { ImportExportPage } from "./import-export-helpers.ts";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

declare global {
  interface Window {
    violations: string[];
  }
}

test("the app is served with a strict Content-Security-Policy and works under it", async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      window.violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/iu.test(message.text()))
      consoleErrors.push(message.text());
  });
  await page.route("https://images.example/**", (route) =>
    route.fulfill({ contentType: "image/png", body: PNG }),
  );

  const response = await page.goto("/");
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("connect-src 'self'");
  const chat = new ChatPage(page);
  await expect(chat.newChat).toBeVisible();

  // What the app does: stream answers (Markdown, highlighted code), load an image after a
  // click, open Settings, and run the import worker on an exported file.
  await chat.ask("Write me something long please");
  await expect(chat.lastAnswer().locator("pre code").first()).toBeVisible();
  await chat.ask("/echo ![a dot](https://images.example/dot.png)");
  await chat.lastAnswer().getByRole("button", { name: "Load image" }).click();
  await expect(chat.lastAnswer().getByRole("img", { name: "a dot" })).toBeVisible();
  await chat.appAction("Settings");
  await expect(page.getByRole("dialog", { name: "Settings" })).toBeVisible();
  await page.keyboard.press("Escape");
  const io = new ImportExportPage(page);
  const exported = await io.download(io.exportChat);
  await io.choose([{ name: exported.name, text: exported.text }]);
  await io.cancel.click();

  expect(await page.evaluate(() => window.violations)).toEqual([]);
  expect(consoleErrors).toEqual([]);

  // And the policy holds: an injected inline script does not run, and is reported.
  const ran = await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.injected = true";
    document.body.append(script);
    return (window as unknown as { injected?: boolean }).injected === true;
  });
  expect(ran).toBe(false);
  await expect
    .poll(() => page.evaluate(() => window.violations))
    .toEqual([expect.stringMatching(/^script-src/u)]);
});
