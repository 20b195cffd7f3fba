import { describe, expect, it } from "vitest";
import { fixtureFiles, fixtureStream } from "../../test/fixtures.ts";
import { contentLiteralOf } from "./content-chunk.ts";

const IGNORED_TOP = ["id", "object", "created", "model", "service_tier", "system_fingerprint"];
const chunk = (content: string, extra = "") =>
  `{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1727346171,"model":"gpt-4o"${extra},"choices":[{"index":0,"delta":{"content":${JSON.stringify(content)}},"finish_reason":null}]}`;

function dataLines(file: string): string[] {
  return fixtureStream(file)
    .split(/\r\n|\r|\n/u)
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(5).trim())
    .filter((data) => data !== "[DONE]");
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe("the cheap check for a plain text chunk", () => {
  it("matches recorded OpenAI text chunks, and a match is valid JSON whose only effect is its text", () => {
    let matches = 0;
    for (const file of [...fixtureFiles("openai-chat"), ...fixtureFiles("compat")]) {
      for (const data of dataLines(file)) {
        const literal = contentLiteralOf(data);
        if (literal === null) continue;
        matches += 1;
        const json = JSON.parse(data) as Record<string, unknown>;
        for (const key of Object.keys(json)) {
          if (key === "choices") continue;
          if (key === "usage") expect(json.usage).toBeNull();
          else if (key === "obfuscation") expect(typeof json.obfuscation).toBe("string");
          else expect(IGNORED_TOP).toContain(key);
        }
        const choices = json.choices as Array<Record<string, unknown>>;
        expect(choices).toHaveLength(1);
        const choice = choices[0] ?? {};
        expect(choice.index).toBe(0);
        expect(choice.finish_reason).toBeNull();
        expect(choice.logprobs ?? null).toBeNull();
        const delta = choice.delta as { content: string };
        expect(Object.keys(delta)).toEqual(["content"]);
        expect(JSON.parse(literal)).toBe(delta.content);
      }
    }
    expect(matches).toBeGreaterThan(300);
  });

  it("finds the text whatever it holds, escaped or not", () => {
    const next = random(7);
    const alphabet = [
      '"',
      "\\",
      "/",
      "\n",
      "\t",
      "\u0000",
      "\u001f",
      "é",
      "你",
      "😀",
      "\u2028",
      "a",
      " ",
    ];
    for (let i = 0; i < 500; i += 1) {
      let text = "";
      for (let n = Math.floor(next() * 12); n > 0; n -= 1)
        text += alphabet[Math.floor(next() * alphabet.length)];
      const literal = contentLiteralOf(chunk(text));
      expect(literal).not.toBeNull();
      expect(JSON.parse(literal ?? "")).toBe(text);
    }
    const escaped = String.raw`{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"\u00e9\/\ud83d\ude00"},"finish_reason":null}]}`;
    expect(JSON.parse(contentLiteralOf(escaped) ?? "")).toBe("é/😀");
  });

  it("leaves every other chunk to the full parse", () => {
    const others = [
      chunk("x").replace('"delta":{', '"delta":{"role":"assistant",'),
      chunk("x").replace('"finish_reason":null', '"finish_reason":"stop"'),
      chunk("x").replace('"index":0', '"index":1'),
      chunk("x").replace('"content":"x"', '"content":"x","refusal":null'),
      chunk("x").replace('"content":"x"', '"content":"x","reasoning_content":null'),
      chunk("x").replace('"content":"x"', '"content":"x","tool_calls":[]'),
      chunk("x").replace(/\}$/u, ',"usage":{"prompt_tokens":1,"completion_tokens":1}}'),
      chunk("x").replace(/\}$/u, ',"x_groq":{"id":"req"}}'),
      chunk("x").replace(
        '"finish_reason":null}',
        '"finish_reason":null},{"index":1,"delta":{},"finish_reason":null}',
      ),
      chunk("x").replace('"choices":', '"error":{"message":"no"},"choices":'),
      chunk("x").replace('"content":"x"', '"content": "x"'),
      chunk("x").replace('"created":1727346171', '"created":1.5'),
      `{"choices":[{"index":0,"delta":{"content":"x"},"finish_reason":null}],"id":"c","object":"chat.completion.chunk","created":1,"model":"m"}`,
    ];
    for (const data of others) expect(contentLiteralOf(data), data).toBeNull();
  });

  it("never takes something that is not valid JSON", () => {
    const invalid = [
      chunk("x").replace('"content":"x"', '"content":"a\nb"'),
      chunk("x").replace('"content":"x"', String.raw`"content":"\x41"`),
      chunk("x").replace('"content":"x"', String.raw`"content":"\u12"`),
      chunk("x").replace('"content":"x"', String.raw`"content":"a\"`),
      chunk("x").replace('"created":1727346171', '"created":01'),
      `${chunk("x")} x`,
      chunk("x").slice(0, -1),
    ];
    for (const data of invalid) {
      expect(() => JSON.parse(data), data).toThrow();
      expect(contentLiteralOf(data), data).toBeNull();
    }
    const next = random(11);
    const base = chunk('a "quoted" \\ text', ',"system_fingerprint":"fp_1"');
    const pieces = ['"', "\\", "}", "{", ",", ":", "\n", "u", "0", " ", "]"];
    for (let i = 0; i < 3000; i += 1) {
      const at = Math.floor(next() * base.length);
      const piece = pieces[Math.floor(next() * pieces.length)] ?? "";
      const mutated =
        next() < 0.5
          ? base.slice(0, at) + piece + base.slice(at)
          : base.slice(0, at) + base.slice(at + 1);
      if (contentLiteralOf(mutated) !== null)
        expect(() => JSON.parse(mutated), mutated).not.toThrow();
    }
  });
});
