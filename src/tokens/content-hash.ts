import type { CountableMessage } from "../core/context/chat-format.ts";

/**
 * A fingerprint of what a message's count depends on (its role, text, tool calls and images):
 * two 32-bit hashes of the UTF-16 units, FNV-1a and a multiply-xor one, and the length. Not
 * cryptographic; a changed message whose fingerprint stayed the same would keep a stale count,
 * which with 64 bits and the length as well does not happen in practice.
 */
export function contentHash(message: CountableMessage): string {
  const hash = new Fingerprint();
  hash.add(message.role);
  hash.add(message.content);
  for (const call of message.toolCalls ?? []) {
    hash.add(call.name);
    hash.add(call.arguments);
  }
  hash.add(String(message.images ?? 0));
  return hash.value();
}

/** The fingerprint of a text alone. */
export function textHash(text: string): string {
  const hash = new Fingerprint();
  hash.add(text);
  return hash.value();
}

class Fingerprint {
  private a = 0x811c9dc5;
  private b = 0x9e3779b9;
  private length = 0;

  add(text: string): void {
    let { a, b } = this;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      a = Math.imul(a ^ unit, 0x01000193);
      b = Math.imul(b + unit, 0x2c1b3c6d) ^ (b >>> 15);
    }
    // A separator, so that ("ab", "c") and ("a", "bc") differ.
    this.a = Math.imul(a ^ 0xffff, 0x01000193);
    this.b = Math.imul(b + 0xffff, 0x2c1b3c6d);
    this.length += text.length + 1;
  }

  value(): string {
    return `${(this.a >>> 0).toString(36)}.${(this.b >>> 0).toString(36)}.${this.length}`;
  }
}
