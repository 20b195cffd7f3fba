import type { Token, Tokens } from "marked";
import type { ReactNode } from "react";
import { decodeNamedEntities } from "./entities.ts";
import { MAX_NESTING } from "./limits.ts";
import { MathFormula } from "./math-formula.tsx";
import type { MathToken } from "./math-syntax.ts";
import { RemoteImage } from "./remote-image.tsx";
import { safeLinkHref } from "./safe-url.ts";

function textOf(token: Tokens.Text | Tokens.Escape): string {
  return token.type === "escape" ? token.text : decodeNamedEntities(token.text);
}

function renderLink(token: Tokens.Link, key: number, depth: number): ReactNode {
  const href = safeLinkHref(token.autolink ? token.href : decodeNamedEntities(token.href));
  const children = renderInline(token.tokens, depth + 1);
  if (href === null) return <span key={key}>{children}</span>;
  return (
    <a
      key={key}
      href={href}
      title={token.title ? decodeNamedEntities(token.title) : undefined}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
    </a>
  );
}

function renderOne(token: Token, key: number, depth: number): ReactNode {
  switch (token.type) {
    case "text":
    case "escape": {
      const t = token as Tokens.Text | Tokens.Escape;
      if (t.type === "text" && t.tokens && t.tokens.length > 0) {
        return <span key={key}>{renderInline(t.tokens, depth + 1)}</span>;
      }
      return textOf(t);
    }
    case "strong":
      return <strong key={key}>{renderInline((token as Tokens.Strong).tokens, depth + 1)}</strong>;
    case "em":
      return <em key={key}>{renderInline((token as Tokens.Em).tokens, depth + 1)}</em>;
    case "del":
      return <del key={key}>{renderInline((token as Tokens.Del).tokens, depth + 1)}</del>;
    case "codespan":
      return <code key={key}>{(token as Tokens.Codespan).text}</code>;
    case "br":
      return <br key={key} />;
    case "link":
      return renderLink(token as Tokens.Link, key, depth);
    case "image": {
      const image = token as Tokens.Image;
      return (
        <RemoteImage
          key={key}
          src={decodeNamedEntities(image.href)}
          alt={decodeNamedEntities(image.text)}
          title={image.title}
        />
      );
    }
    case "math":
      return <MathFormula key={key} tex={(token as MathToken).text} display={false} />;
    case "checkbox":
      return null;
    default:
      return "raw" in token && typeof token.raw === "string" ? token.raw : null;
  }
}

/** Inline tokens as React elements; raw HTML comes out as the text it is. */
export function renderInline(tokens: Token[] | undefined, depth: number): ReactNode[] {
  if (!tokens) return [];
  if (depth > MAX_NESTING) return [tokens.map((t) => t.raw).join("")];
  return tokens.map((token, i) => renderOne(token, i, depth));
}
