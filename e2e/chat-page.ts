import { expect, type Locator, type Page } from "@playwright/test";
import { MenuItem } from "./import-export-helpers.ts";

/** The demo model answers this with a long text, streamed slowly enough to act mid-answer. */
const LONG_ANSWER_PROMPT = "Write me something long please";

/** The app as a person sees it, by the names of `docs/ui-contract.md`. */
export class ChatPage {
  readonly newChat: Locator;
  readonly conversations: Locator;
  readonly composer: Locator;
  readonly send: Locator;
  readonly stop: Locator;
  readonly log: Locator;
  readonly model: Locator;
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.newChat = page.getByRole("button", { name: "New chat" });
    this.conversations = page.getByRole("navigation", { name: "Conversations" });
    this.composer = page.getByRole("textbox", { name: "Message" });
    this.send = page.getByRole("button", { name: "Send", exact: true });
    this.stop = page.getByRole("button", { name: "Stop", exact: true });
    this.log = page.getByRole("log", { name: "Messages" });
    this.model = page.getByRole("combobox", { name: "Model" });
    this.search = page.getByRole("searchbox", { name: "Search conversations" });
  }

  async open(path = "/") {
    await this.page.goto(path);
    await expect(this.newChat).toBeVisible();
  }

  messages(role?: "user" | "assistant" | "tool" | "system"): Locator {
    return this.log.locator(role ? `article[data-role="${role}"]` : "article");
  }

  lastAnswer(): Locator {
    return this.messages("assistant").last();
  }

  conversation(title: string | RegExp): Locator {
    return this.conversations.getByRole("link", { name: title });
  }

  /**
   * Types and sends a message; waits until the answer has finished. The run is marked before
   * the user's message is saved, so once a new row shows, no Stop means the run is over (a run
   * not yet started, or a tool step's finished article, is not mistaken for the answer).
   */
  async ask(text: string) {
    const lastRow = () =>
      this.log.evaluate((log) =>
        Math.max(
          -1,
          ...[...log.querySelectorAll("[data-index]")].map((e) =>
            Number(e.getAttribute("data-index")),
          ),
        ),
      );
    const before = await lastRow();
    await this.sendMessage(text);
    // Checked every frame: a Stop button (the run is on) or a new row (rows are virtual, so
    // their index, not their count; a reader scrolled up sees no new row, but a Stop).
    await this.page.waitForFunction(
      ({ selector, before }) => {
        const log = document.querySelector(selector);
        const rows = [...(log?.querySelectorAll("[data-index]") ?? [])];
        const stop = [...document.querySelectorAll("button")].some(
          (b) => b.textContent?.trim() === "Stop",
        );
        return stop || rows.some((r) => Number(r.getAttribute("data-index")) > before);
      },
      { selector: "[role=log]", before },
      { polling: "raf" },
    );
    await this.waitForAnswer();
  }

  async sendMessage(text: string) {
    await this.composer.fill(text);
    await this.composer.press("Enter");
  }

  /** The text of the last answer, without its surrounding white space. */
  async answerText(): Promise<string> {
    return ((await this.lastAnswer().locator(".content").textContent()) ?? "").trim();
  }

  /** Asks for a long answer and waits until more than `chars` characters of it have streamed in. */
  async startLongAnswer(chars: number) {
    await this.sendMessage(LONG_ANSWER_PROMPT);
    await expect(this.lastAnswer()).toHaveAttribute("data-status", "streaming");
    await expect
      .poll(() => this.answerText().then((t) => t.length), { timeout: 15_000 })
      .toBeGreaterThan(chars);
  }

  async waitForAnswer() {
    await expect(this.stop).toHaveCount(0, { timeout: 20_000 });
    await expect(this.lastAnswer()).toHaveAttribute("data-status", /complete|interrupted|error/);
  }

  activeId(): string {
    const match = /\/c\/([0-9a-f]{12})/.exec(this.page.url());
    if (!match?.[1]) throw new Error(`No conversation in the address: ${this.page.url()}`);
    return match[1];
  }

  /** Chooses an action on the open conversation from the `Conversation actions` menu. */
  async conversationAction(
    name:
      | "Pin"
      | "Unpin"
      | "Rename"
      | "Conversation settings"
      | "Export chat"
      | "Session details"
      | "Delete",
  ) {
    await new MenuItem(this.page, "Conversation actions", name).click();
  }

  /** Chooses an app-wide action from the `More` menu. */
  async appAction(
    name: "Export all" | "Export…" | "Import…" | "Agents" | "Keyboard shortcuts" | "Settings",
  ) {
    await new MenuItem(this.page, "More", name).click();
  }

  /** Opens the Agents dialog and returns it. */
  async openAgents(): Promise<Locator> {
    await this.appAction("Agents");
    const dialog = this.page.getByRole("dialog", { name: "Agents" });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Opens the Settings dialog and returns it. */
  async openSettings(): Promise<Locator> {
    await this.appAction("Settings");
    const dialog = this.page.getByRole("dialog", { name: "Settings" });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Opens the open conversation's `Conversation settings` dialog and returns it. */
  async openConversationSettings(): Promise<Locator> {
    await this.conversationAction("Conversation settings");
    const dialog = this.page.getByRole("dialog", { name: "Conversation settings" });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Opens the Session details region of the open conversation and returns it. */
  async openDetails(): Promise<Locator> {
    const region = this.page.getByRole("region", { name: "Session details" });
    if (!(await region.isVisible())) {
      await this.conversationAction("Session details");
    }
    await expect(region).toBeVisible();
    return region;
  }

  /** Makes the open conversation run these agents in order on each message. */
  async setPipeline(names: string[]) {
    const toggle = this.page.getByRole("button", { name: /^Agent: / });
    await toggle.click();
    const stages = this.page.getByRole("group", { name: /run in order/ });
    while ((await stages.getByRole("combobox").count()) < names.length) {
      await stages.getByRole("button", { name: "Add an agent after these" }).click();
    }
    while ((await stages.getByRole("combobox").count()) > names.length) {
      await stages
        .getByRole("button", { name: /^Remove agent/ })
        .last()
        .click();
    }
    for (const [i, name] of names.entries()) {
      await stages.getByRole("combobox", { name: `Agent ${i + 1}` }).selectOption(name);
    }
    await expect(
      this.page.getByRole("button", { name: `Agent: ${names.join(" → ")}` }),
    ).toBeVisible();
    await toggle.click();
  }
}
