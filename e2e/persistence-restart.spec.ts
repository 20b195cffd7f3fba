import { expect, test } from "@playwright/test";
import { ChatPage } from "./chat-page.ts";
import { DiskProfile } from "./persistence-profile.ts";

test("a browser closed after New chat starts again with no empty conversation in the list", async ({
  baseURL,
}) => {
  test.setTimeout(60_000);
  const profile = new DiskProfile(baseURL ?? "");
  try {
    const first = await profile.launch();
    const chat = new ChatPage(first.pages()[0] ?? (await first.newPage()));
    await chat.open();
    await chat.ask("/echo kept over a restart");
    await chat.newChat.click();
    await expect(chat.conversations.getByRole("link")).toHaveCount(2);
    await first.close();

    const second = await profile.launch();
    try {
      const again = new ChatPage(second.pages()[0] ?? (await second.newPage()));
      await again.open();
      await expect(again.conversation(/kept over a restart/)).toHaveCount(1);
      await expect(again.conversations.getByRole("link")).toHaveCount(1);
    } finally {
      await second.close();
    }
  } finally {
    profile.remove();
  }
});
