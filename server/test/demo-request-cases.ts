import { expect } from "vitest";
import type { WireCompletion, WireMessage } from "../../src/core/wire.ts";
import { chatInit } from "./browser-turn.ts";
import { jpegDataUrl, pngDataUrl } from "./images.ts";
import { finishOf, readSse } from "./sse.ts";
import { type RouteCase, user } from "./wire-cases.ts";

/**
 * The demo model says what it received (attachments, parameters, the system prompt, the size of
 * the context) and gives the answers the browser's reasoning and Continue need, as
 * docs/ui-contract.md describes.
 */
export const demoRequestCases: RouteCase[] = [
  {
    name: "a message with attachments: one line each, an image as `image MIME W×H` from its header, a file by its first line",
    async run(send) {
      const content = [
        { type: "text", text: "What are these?" },
        { type: "image_url", image_url: { url: pngDataUrl(640, 480) } },
        { type: "image_url", image_url: { url: jpegDataUrl(2048, 1536), detail: "high" } },
        {
          type: "text",
          text: '<file name="notes &quot;Q3&quot;.md">\n\n# Meeting notes\nsecond line\n</file>',
        },
        { type: "text", text: '<file name="empty.txt">\n</file>' },
        { type: "image_url", image_url: { url: "data:image/webp;base64,AAAA" } },
      ];
      const response = await send(
        "/v1/chat/completions",
        chatInit({ model: "demo", messages: [{ role: "user", content }], stream: true }),
      );
      const stream = await readSse(response);
      expect(stream.text).toBe(
        [
          "- image image/png 640×480",
          "- image image/jpeg 2048×1536",
          '- file notes "Q3".md: # Meeting notes',
          "- file empty.txt: (empty)",
          "- image image/webp (size unreadable)",
        ].join("\n"),
      );
      expect(finishOf(stream)).toBe("stop");
    },
  },
  {
    name: "/params states the sampling settings it received, unset for each one not sent",
    async run(send) {
      const ask = async (extra: Record<string, unknown>) =>
        (
          await readSse(
            await send(
              "/v1/chat/completions",
              chatInit({ model: "demo", stream: true, messages: [user("/params")], ...extra }),
            ),
          )
        ).text;
      expect(await ask({ temperature: 0.3, max_tokens: 200 })).toBe(
        "temperature=0.3 top_p=unset max_tokens=200 reasoning_effort=unset",
      );
      expect(await ask({ top_p: 0.9, max_completion_tokens: 50, reasoning_effort: "high" })).toBe(
        "temperature=unset top_p=0.9 max_tokens=50 reasoning_effort=high",
      );
      expect(await ask({})).toBe(
        "temperature=unset top_p=unset max_tokens=unset reasoning_effort=unset",
      );
    },
  },
  {
    name: "/system states the system prompt it received, or none",
    async run(send) {
      const ask = async (messages: WireMessage[]) =>
        (
          await readSse(
            await send("/v1/chat/completions", chatInit({ model: "demo", stream: true, messages })),
          )
        ).text;
      expect(
        await ask([{ role: "system", content: "Answer like a pirate." }, user("/system")]),
      ).toBe("System prompt: Answer like a pirate.");
      expect(await ask([user("/system")])).toBe("System prompt: none");
    },
  },
  {
    name: "/context states how many messages and about how many tokens it was sent",
    async run(send) {
      const messages: WireMessage[] = [
        { role: "system", content: "x".repeat(400) },
        user("y".repeat(2000)),
        { role: "assistant", content: "z".repeat(1000) },
        {
          role: "user",
          content: [
            { type: "text", text: "/context" },
            { type: "image_url", image_url: { url: pngDataUrl(10, 10) } },
          ],
        },
      ];
      const stream = await readSse(
        await send("/v1/chat/completions", chatInit({ model: "demo", stream: true, messages })),
      );
      expect(stream.text).toMatch(/^messages=4 tokens=937 \(about: /u);
    },
  },
  {
    name: "/think TEXT streams reasoning_content, then the answer",
    async run(send) {
      const stream = await readSse(
        await send(
          "/v1/chat/completions",
          chatInit({
            model: "demo",
            stream: true,
            messages: [user("/think Two plus two is four.")],
          }),
        ),
      );
      const reasoning = stream.chunks.map((c) => c.choices[0]?.delta.reasoning_content ?? "");
      expect(reasoning.join("")).toBe("Two plus two is four.");
      const firstText = stream.chunks.findIndex((c) => c.choices[0]?.delta.content);
      const lastReasoning = reasoning.findLastIndex((r) => r !== "");
      expect(lastReasoning).toBeGreaterThan(0);
      expect(firstText).toBeGreaterThan(lastReasoning);
      expect(stream.text).toContain("Two plus two is four.");
      expect(finishOf(stream)).toBe("stop");
      const completion = (await (
        await send("/v1/chat/completions", chatInit({ model: "demo", messages: [user("/think")] }))
      ).json()) as WireCompletion;
      expect(completion.choices[0]?.message.reasoning_content).toBe(
        "Let me think this through step by step.",
      );
    },
  },
  {
    name: "a small max_tokens cuts the answer at that many words with finish_reason length, and Continue gets the rest",
    async run(send) {
      const text = "one two three four five six seven";
      const first = await readSse(
        await send(
          "/v1/chat/completions",
          chatInit({
            model: "demo",
            stream: true,
            max_tokens: 3,
            messages: [user(`/echo ${text}`)],
          }),
        ),
      );
      expect(first.text).toBe("one two three ");
      expect(finishOf(first)).toBe("length");
      expect(first.done).toBe(true);
      const history: WireMessage[] = [
        user(`/echo ${text}`),
        { role: "assistant", content: first.text.trimEnd() },
      ];
      const rest = await readSse(
        await send(
          "/v1/chat/completions",
          chatInit({ model: "demo", stream: true, messages: history }),
        ),
      );
      expect(`${first.text.trimEnd()}${rest.text}`).toBe(text);
      expect(finishOf(rest)).toBe("stop");
      const zh = await readSse(
        await send(
          "/v1/chat/completions",
          chatInit({
            model: "demo",
            stream: true,
            max_completion_tokens: 2,
            messages: [user("/echo 一二三四")],
          }),
        ),
      );
      expect([zh.text, finishOf(zh)]).toEqual(["一二", "length"]);
    },
  },
];
