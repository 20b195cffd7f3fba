import { describe, expect, it } from "vitest";
import { parseChatRequest, textOf } from "./chat-request.ts";

const PNG = "data:image/png;base64,iVBORw0KGgo=";
const parse = (role: string, content: unknown) =>
  parseChatRequest({ model: "m", messages: [{ role, content }] });
const image = (url: string, detail?: string) => ({
  type: "image_url",
  image_url: detail === undefined ? { url } : { url, detail },
});

describe("content parts of a chat request", () => {
  it("a user message holds a string, or text and image parts; a file is a text part", () => {
    const file = '<file name="notes.md">\n# Notes\n</file>';
    const parsed = parse("user", [
      { type: "text", text: "What is this?" },
      image(PNG, "low"),
      { type: "text", text: file },
    ]);
    expect(parsed).toMatchObject({ ok: true });
    if (!parsed.ok) return;
    expect(parsed.request.messages[0]?.content).toEqual([
      { type: "text", text: "What is this?" },
      { type: "image_url", image_url: { url: PNG, detail: "low" } },
      { type: "text", text: file },
    ]);
    expect(textOf(parsed.request.messages[0]?.content ?? "")).toBe(`What is this?${file}`);
    for (const type of ["png", "jpeg", "webp", "gif"])
      expect(parse("user", [image(`data:image/${type};base64,AAAA`)]).ok).toBe(true);
  });

  it("a remote image URL is refused with a 400 that says to send a data URL, never fetched", () => {
    for (const url of ["https://example.com/cat.png", "http://127.0.0.1:9/x.png", "HTTPS://x/y"]) {
      const parsed = parse("user", [{ type: "text", text: "look" }, image(url)]);
      expect(parsed).toMatchObject({ ok: false, code: "image_url_remote" });
      if (parsed.ok) continue;
      expect(parsed.message).toContain("messages[0].content[1].image_url.url");
      expect(parsed.message).toMatch(/fetches no images.*data URL/u);
    }
  });

  it("an image that is not PNG, JPEG, WebP or GIF, or not base64, is refused and named", () => {
    expect(parse("user", [image("data:image/svg+xml;base64,PHN2Zz4=")])).toMatchObject({
      ok: false,
      code: "image_type_unsupported",
    });
    expect(parse("user", [image("data:image/png;base64,AA!A")])).toMatchObject({
      ok: false,
      code: "image_url_invalid",
    });
    expect(parse("user", [image("file:///etc/passwd")])).toMatchObject({
      ok: false,
      code: "image_url_invalid",
    });
    const detail = parse("user", [image(PNG, "huge")]);
    expect(detail.ok).toBe(false);
    if (!detail.ok) expect(detail.message).toContain("messages[0].content[0].image_url.detail");
  });

  it("other part types, and images outside user messages, are refused with the field's path", () => {
    const audio = parse("user", [
      { type: "input_audio", input_audio: { data: "", format: "wav" } },
    ]);
    expect(audio.ok).toBe(false);
    if (!audio.ok) expect(audio.message).toContain("messages[0].content[0].type");
    for (const role of ["system", "assistant", "tool"]) {
      const parsed = parseChatRequest({
        model: "m",
        messages: [{ role, content: [image(PNG)], tool_call_id: "t" }],
      });
      expect(parsed.ok, role).toBe(false);
    }
    const text = parse("system", [{ type: "text", text: "Be brief." }]);
    expect(text.ok).toBe(true);
    const missing = parse("user", [{ type: "text" }]);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.message).toContain("messages[0].content[0].text");
  });
});
