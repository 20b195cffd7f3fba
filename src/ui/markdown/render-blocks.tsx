import type { Token, Tokens } from "marked";
import { lazy, type ReactNode, Suspense } from "react";
import { CodeBlock } from "./code-block.tsx";
import { MAX_NESTING } from "./limits.ts";
import { MathFormula } from "./math-formula.tsx";
import type { MathToken } from "./math-syntax.ts";
import { renderInline } from "./render-inline.tsx";

const MermaidDiagram = lazy(() => import("./mermaid-diagram.tsx"));

const ALIGN_CLASS = { left: "align-left", center: "align-center", right: "align-right" } as const;

function alignClass(align: Tokens.TableCell["align"]): string | undefined {
  return align ? ALIGN_CLASS[align] : undefined;
}

function renderTable(table: Tokens.Table, key: number, depth: number): ReactNode {
  return (
    <div key={key} className="md-table-wrap">
      <table>
        <thead>
          <tr>
            {table.header.map((cell, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their place
              <th key={i} scope="col" className={alignClass(cell.align)}>
                {renderInline(cell.tokens, depth + 1)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
            <tr key={r}>
              {row.map((cell, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their place
                <td key={c} className={alignClass(cell.align)}>
                  {renderInline(cell.tokens, depth + 1)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function renderListItem(item: Tokens.ListItem, key: number, depth: number): ReactNode {
  const body = renderBlocks(item.tokens, depth + 1, !item.loose);
  if (!item.task) return <li key={key}>{body}</li>;
  return (
    <li key={key} className="md-task">
      <span className={item.checked ? "md-checkbox checked" : "md-checkbox"} aria-hidden="true">
        {item.checked ? "☑" : "☐"}
      </span>
      <span className="visually-hidden">{item.checked ? "[x] " : "[ ] "}</span>
      {body}
    </li>
  );
}

function renderList(list: Tokens.List, key: number, depth: number): ReactNode {
  const items = list.items.map((item, i) => renderListItem(item, i, depth));
  if (!list.ordered) return <ul key={key}>{items}</ul>;
  const start = typeof list.start === "number" && list.start !== 1 ? list.start : undefined;
  return (
    <ol key={key} start={start}>
      {items}
    </ol>
  );
}

function renderBlock(token: Token, key: number, depth: number, tight: boolean): ReactNode {
  switch (token.type) {
    case "space":
    case "def":
    case "checkbox":
      return null;
    case "paragraph": {
      const inline = renderInline((token as Tokens.Paragraph).tokens, depth + 1);
      return tight ? inline : <p key={key}>{inline}</p>;
    }
    case "text": {
      const t = token as Tokens.Text;
      const inline = t.tokens ? renderInline(t.tokens, depth + 1) : [t.text];
      return tight ? <span key={key}>{inline}</span> : <p key={key}>{inline}</p>;
    }
    case "heading": {
      const h = token as Tokens.Heading;
      const Tag = `h${Math.min(6, Math.max(3, h.depth + 2))}` as "h3" | "h4" | "h5" | "h6";
      return (
        <Tag key={key} className={`md-h${h.depth}`}>
          {renderInline(h.tokens, depth + 1)}
        </Tag>
      );
    }
    case "code": {
      const code = token as Tokens.Code;
      const language = (code.lang ?? "").trim().split(/\s+/)[0] ?? "";
      if (language.toLowerCase() === "mermaid")
        return (
          <Suspense key={key} fallback={<CodeBlock code={code.text} language={language} />}>
            <MermaidDiagram code={code.text} />
          </Suspense>
        );
      return <CodeBlock key={key} code={code.text} language={language} />;
    }
    case "math":
      return <MathFormula key={key} tex={(token as MathToken).text} display />;
    case "blockquote":
      return (
        <blockquote key={key}>
          {renderBlocks((token as Tokens.Blockquote).tokens, depth + 1)}
        </blockquote>
      );
    case "list":
      return renderList(token as Tokens.List, key, depth);
    case "table":
      return renderTable(token as Tokens.Table, key, depth);
    case "hr":
      return <hr key={key} />;
    case "html":
      return (
        <p key={key} className="md-raw">
          {(token as Tokens.HTML).text}
        </p>
      );
    default:
      return "raw" in token && typeof token.raw === "string" ? (
        <p key={key} className="md-raw">
          {token.raw}
        </p>
      ) : null;
  }
}

/** Block tokens as React elements. Past MAX_NESTING the rest is shown as its source text. */
export function renderBlocks(tokens: Token[], depth = 0, tight = false): ReactNode[] {
  if (depth > MAX_NESTING) {
    return [
      <p key="deep" className="md-raw">
        {tokens.map((t) => t.raw).join("")}
      </p>,
    ];
  }
  return tokens.map((token, i) => renderBlock(token, i, depth, tight));
}
