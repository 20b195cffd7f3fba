import { expect, test } from "./app-test.ts";
import { fixture } from "./import-export-helpers.ts";

test("a ChatGPT export dropped onto the window imports every branch of its conversations", async ({
  page,
  chat,
  io,
}) => {
  const text = fixture("exports/chatgpt/conversations.json").toString("utf8");
  const dataTransfer = await page.evaluateHandle((content) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([content], "conversations.json", { type: "application/json" }));
    return transfer;
  }, text);
  await page.dispatchEvent("body", "dragenter", { dataTransfer });
  await expect(page.getByText("Drop files to import conversations")).toBeVisible();
  await page.dispatchEvent("body", "dragover", { dataTransfer });
  await page.dispatchEvent("body", "drop", { dataTransfer });
  await expect(io.dialog).toContainText(
    "conversations.json: ChatGPT conversations.json, 3 conversations",
  );
  await expect(io.items()).toHaveCount(3);
  await expect(io.items().first()).toContainText("2 versions (edits and answers again), all kept");
  await io.commit();
  await expect(io.dialog.getByRole("status")).toHaveText(
    "Added 3, replaced 0, skipped 0, failed 0.",
  );
  await io.dialog.getByRole("button", { name: "Close" }).click();
  await chat.conversation(/NET 8.0 Desktop Runtime/).click();
  await expect(chat.messages()).toHaveCount(2);
  await expect(chat.messages("user")).toContainText("이것을 설치하");
});

test("JSON pasted outside the composer opens the import; pasting into the composer does not", async ({
  page,
  chat,
  io,
}) => {
  const paste = (target: string) =>
    page.evaluate((selector) => {
      const data = new DataTransfer();
      data.setData(
        "text/plain",
        '[{"role":"user","content":"pasted question"},{"role":"assistant","content":"pasted answer"}]',
      );
      const element =
        selector === "body" ? document.body : (document.querySelector(selector) as HTMLElement);
      element.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, target);
  await paste("textarea");
  await expect(io.dialog).toBeHidden();
  await paste("body");
  await expect(io.dialog).toContainText("pasted.json: OpenAI chat messages, 1 conversation");
  await io.commit();
  await io.dialog.getByRole("button", { name: "Close" }).click();
  await expect(chat.conversation(/pasted question/)).toBeVisible();
});

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];

test("an image dropped on the window is attached, never offered to the importer; chosen as a file to import, it is left out", async ({
  page,
  chat,
  io,
}) => {
  await expect(chat.composer).toBeVisible();
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], "photo.png", { type: "image/png" }));
    return transfer;
  }, PNG);
  await page.dispatchEvent("body", "dragenter", { dataTransfer });
  await page.dispatchEvent("body", "dragover", { dataTransfer });
  await page.dispatchEvent("body", "drop", { dataTransfer });
  // Only the header of a PNG: the attachment is refused with why, and no import opens.
  const notice = page.getByRole("alert").filter({ hasText: "photo.png" });
  await expect(notice).toHaveText(/photo\.png was not attached: the picture could not be read/);
  await expect(io.dialog).toBeHidden();
  await notice.getByRole("button", { name: "Close" }).click();
  await expect(notice).toBeHidden();

  await io.choose([
    { name: "photo.json", text: Buffer.from(PNG), mimeType: "application/json" },
    { name: "chat.json", text: '[{"role":"user","content":"hello from a file"}]' },
  ]);
  await expect(io.dialog.getByRole("list", { name: "Files", exact: true })).toContainText(
    "photo.json: an image, not a chat export (left out)",
  );
  await expect(io.dialog.getByRole("alert")).toHaveCount(0);
  await expect(io.items()).toHaveCount(1);
  await expect(io.importButton).toBeEnabled();
});
