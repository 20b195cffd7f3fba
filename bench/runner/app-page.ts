import type { Locator, Page } from "@playwright/test";
import { awaitText, watchText } from "./probes.ts";

/** The CSS selector of the message log (role log, name Messages, in the English locale). */
export const LOG_SELECTOR = '[role="log"][aria-label="Messages"]';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The app driven by the names a screen reader reads (`docs/ui-contract.md`). */
export class AppPage {
  readonly conversations: Locator;
  readonly search: Locator;
  readonly newChat: Locator;
  readonly composer: Locator;
  readonly log: Locator;

  constructor(readonly page: Page) {
    this.conversations = page.getByRole("navigation", { name: "Conversations" });
    this.search = page.getByRole("searchbox", { name: "Search conversations" });
    this.newChat = page.getByRole("button", { name: "New chat" });
    this.composer = page.getByRole("textbox", { name: "Message" });
    this.log = page.getByRole("log", { name: "Messages" });
  }

  /** Navigates to the app and waits until the sidebar lists conversations and is free for input. */
  async openWithSidebar(origin: string, timeoutMs = 60_000): Promise<void> {
    await this.page.goto(`${origin}/`);
    await this.page.waitForFunction(
      () => window.__bench?.marks.sidebarInteractive !== undefined,
      null,
      {
        timeout: timeoutMs,
      },
    );
  }

  link(title: string): Locator {
    return this.conversations.getByRole("link", { name: new RegExp(`^${escapeRegExp(title)}\\b`) });
  }

  /**
   * Scrolls the sidebar until the conversation's link is rendered (the list is virtual). Search
   * is not used: typing there starts a full-text search that reads every conversation, which
   * would be measured along with what the benchmark is about.
   */
  async reveal(title: string, timeoutMs: number): Promise<Locator> {
    const link = this.link(title);
    const deadline = Date.now() + timeoutMs;
    let direction = 1;
    let last = Number.NaN;
    while (Date.now() < deadline) {
      if ((await link.count()) > 0) {
        await link.scrollIntoViewIfNeeded();
        return link;
      }
      const box = await this.conversations.boundingBox();
      if (!box) throw new Error("the Conversations navigation is not on screen");
      await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await this.page.mouse.wheel(0, direction * 400);
      await this.nextFrame();
      const top = await this.page.evaluate(() => {
        const nav = document.querySelector('nav[aria-label="Conversations"]');
        const all = nav ? [nav, ...nav.querySelectorAll("*")] : [];
        return all.find((el) => el.scrollHeight > el.clientHeight + 1)?.scrollTop ?? 0;
      });
      if (top === last) direction = -direction;
      last = top;
    }
    throw new Error(`"${title}" did not show in the Conversations list within ${timeoutMs} ms`);
  }

  /**
   * Clicks the conversation in the sidebar and resolves with the time in ms from the click event
   * to the first task after the frame that shows `lastText`.
   */
  async openConversation(title: string, lastText: string, timeoutMs: number): Promise<number> {
    const link = await this.reveal(title, timeoutMs);
    await watchText(this.page, "open", LOG_SELECTOR, lastText);
    await link.click();
    const painted = await awaitText(this.page, "open", timeoutMs);
    const clicked = await this.page.evaluate(() => window.__bench.lastClick);
    return painted - clicked;
  }

  async nextFrame(): Promise<void> {
    await this.page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())),
    );
  }
}
