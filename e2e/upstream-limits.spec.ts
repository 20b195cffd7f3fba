import type { Page } from "@playwright/test";
import { expect, test } from "./app-test.ts";
import { ChatPage } from "./chat-page.ts";
import {
  fakeUpstream,
  lastUserText,
  recordedError,
  type UpstreamRequest,
} from "./fake-upstream.ts";
import { OwnServer, ownPort } from "./own-server.ts";

/** `/v1/models` says so for `openai/m`: a window of 8,192 tokens, 1,024 of them for the answer. */
const MODEL_INFO = JSON.stringify({ m: { contextWindow: 8192, maxOutputTokens: 1024 } });

/** About 2,000 tokens: three turns of it fit the window, and not the one vLLM's error names. */
const LONG_TEXT = Array.from({ length: 800 }, (_, i) => `w${i % 50}`).join(" ");

const startingWith = (requests: readonly UpstreamRequest[], start: string) =>
  requests.filter((r) => lastUserText(r).startsWith(start));

/**
 * The app's own server with the demo off and one OpenAI-compatible provider, the test's
 * upstream, which answers as `reply` says; `run` gets the page and what the upstream received.
 */
async function withUpstream(
  page: Page,
  workerIndex: number,
  reply: Parameters<typeof fakeUpstream>[0],
  run: (chat: ChatPage, requests: readonly UpstreamRequest[]) => Promise<void>,
) {
  const upstream = await fakeUpstream(reply);
  const server = new OwnServer(ownPort(workerIndex), {
    PARLEY_DEMO: "off",
    OPENAI_BASE_URL: upstream.baseUrl,
    OPENAI_API_KEY: "sk-test",
    OPENAI_MODELS: "m,o3-mini",
    OPENAI_MODEL_INFO: MODEL_INFO,
  });
  await server.start();
  try {
    const chat = new ChatPage(page);
    await chat.open(server.origin);
    await run(chat, upstream.requests);
  } finally {
    await server.stop();
    await upstream.stop();
  }
}

test("a provider's recorded context-length errors: one retry with a tighter fit, then a clear message", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const reply = (request: UpstreamRequest, requests: readonly UpstreamRequest[]) => {
    const text = lastUserText(request);
    // vLLM's words name a window of 4,096 tokens, half of what `/v1/models` says.
    if (text.startsWith("once") && startingWith(requests, "once").length === 1)
      return { status: 400, body: recordedError("vllm-400-context-length.json") };
    if (text.startsWith("always"))
      return { status: 400, body: recordedError("openai-400-context-length-exceeded.json") };
    return { text: `Answered ${request.messages.length} messages.` };
  };
  await withUpstream(page, testInfo.workerIndex, reply, async (chat, requests) => {
    for (const turn of [1, 2, 3]) await chat.ask(`Turn ${turn}: ${LONG_TEXT}`);
    await expect(chat.lastAnswer()).toContainText("Answered 6 messages.");

    await chat.ask("once more, please");
    const [refused, retried] = startingWith(requests, "once");
    expect(startingWith(requests, "once")).toHaveLength(2);
    expect(retried?.messages.length).toBeLessThan(refused?.messages.length ?? 0);
    await expect(chat.lastAnswer()).toHaveAttribute("data-status", "complete");
    await expect(chat.lastAnswer()).toContainText(`Answered ${retried?.messages.length} messages.`);
    await expect(
      chat.log.getByRole("separator", { name: "Earlier messages are not sent" }),
    ).toBeVisible();

    await chat.ask("always too long");
    expect(startingWith(requests, "always")).toHaveLength(2);
    await expect(chat.lastAnswer()).toHaveAttribute("data-status", "error");
    await expect(chat.lastAnswer()).toContainText(
      "The model said the conversation is too long for its context, also with older messages left out.",
    );
    // Nothing was removed from the conversation: its first message is still at the top.
    await chat.log.evaluate((log) => log.scrollTo(0, 0));
    await expect(chat.log.getByText(/^Turn 1: w0 w1/)).toBeVisible();
  });
});

test("a parameter the model refuses is left out by the proxy with a note on the answer, never a 400", async ({
  page,
}, testInfo) => {
  // Shaped as OpenAI's recorded refusal (`errors/openai-400-unsupported-parameter.json`).
  const topPRefused = JSON.stringify({
    error: {
      message: "Unsupported parameter: 'top_p' is not supported with this model.",
      type: "invalid_request_error",
      param: "top_p",
      code: "unsupported_parameter",
    },
  });
  const reply = (request: UpstreamRequest) =>
    request.top_p !== undefined
      ? { status: 400, body: topPRefused }
      : { text: `temperature=${request.temperature ?? "unset"}` };
  await withUpstream(page, testInfo.workerIndex, reply, async (chat, requests) => {
    await chat.ask("first");
    const dialog = await chat.openConversationSettings();
    await dialog.getByRole("spinbutton", { name: "Temperature" }).fill("0.4");
    await dialog.getByRole("spinbutton", { name: "Top P" }).fill("0.9");
    await dialog.getByRole("button", { name: "Save settings" }).click();
    await expect(dialog).toBeHidden();

    // The upstream refuses top_p: the proxy asks again without it.
    await chat.ask("with top p");
    await expect(chat.lastAnswer()).toHaveAttribute("data-status", "complete");
    await expect(chat.lastAnswer()).toContainText("temperature=0.4");
    await expect(chat.lastAnswer()).toContainText("Top P was not sent: the provider refused it.");
    const sent = startingWith(requests, "with top p");
    expect(sent.map((r) => r.top_p)).toEqual([0.9, undefined]);

    // OpenAI's reasoning models take no temperature: the proxy never sends it.
    await chat.model.selectOption("openai/o3-mini");
    await chat.ask("on a reasoning model");
    await expect(chat.lastAnswer()).toHaveAttribute("data-status", "complete");
    await expect(chat.lastAnswer()).toContainText("temperature=unset");
    await expect(chat.lastAnswer()).toContainText(
      "Temperature was not sent: the model does not take it.",
    );
    expect(startingWith(requests, "on a reasoning model").map((r) => r.temperature)).toEqual([
      undefined,
    ]);
  });
});
