import { type Tokenizer, tokenizerOver } from "../tokens/tokenizer.ts";

/** A tokenizer that counts a text as its length in characters and tallies its work. */
export interface FakeTokenizer extends Tokenizer {
  /** Texts counted so far (a message's content and each tool call's name and arguments). */
  readonly counted: string[];
}

export function fakeTokenizer(): FakeTokenizer {
  const counted: string[] = [];
  const text = (value: string) => {
    counted.push(value);
    return value.length;
  };
  return {
    ...tokenizerOver((texts) => texts.map(text)),
    counted,
    tools: (tools) => text(JSON.stringify(tools)),
  };
}
