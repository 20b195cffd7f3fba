/**
 * Finds what must never appear in rendered model output, in markup produced by React
 * (`renderToStaticMarkup`): React escapes text, so every `<` left is a real tag.
 */
const TAG = /<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g;
const ATTR = /\s+([^\s=>/]+)(?:="([^"]*)")?/g;
const FORBIDDEN_TAGS = new Set([
  "script",
  "iframe",
  "object",
  "embed",
  "style",
  "link",
  "meta",
  "base",
  "form",
  "svg",
  "math",
  "frame",
  "frameset",
  "applet",
]);
const BAD_URL = /^\s*(?:javascript|vbscript|data\s*:\s*text\/html|data\s*:\s*image\/svg\+xml)/i;
const URL_ATTRS = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "xlink:href",
  "srcset",
  "poster",
  "background",
]);

const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

export function auditMarkup(html: string): string[] {
  const problems: string[] = [];
  for (const tag of html.matchAll(TAG)) {
    const name = (tag[1] ?? "").toLowerCase();
    if (FORBIDDEN_TAGS.has(name)) problems.push(`<${name}> element`);
    for (const attr of (tag[2] ?? "").matchAll(ATTR)) {
      const key = (attr[1] ?? "").toLowerCase();
      const value = unescapeAttribute(attr[2] ?? "");
      if (key.startsWith("on")) problems.push(`${key} attribute on <${name}>`);
      if (key === "style") problems.push(`style attribute on <${name}>`);
      if (URL_ATTRS.has(key) && BAD_URL.test(value))
        problems.push(`${key}="${value}" on <${name}>`);
      if (key === "href" && name === "a" && !/^(https?:|mailto:)/i.test(value))
        problems.push(`link to ${value}`);
      if (name === "img" && key === "src")
        problems.push(`<img src="${value}"> loads without consent`);
    }
  }
  return problems;
}
