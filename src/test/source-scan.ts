/** A source file with its comments removed, in two forms. */
export interface ScannedSource {
  /** Comments replaced by spaces; string literals kept (for reading import specifiers). */
  code: string;
  /** Also every string, template and regex literal's text replaced by spaces (for finding identifiers). */
  bare: string;
}

const REGEX_CAN_FOLLOW =
  /(?:^|[(,=:[!&|?{};+\-*%<>~^]|\breturn|\btypeof|\bcase|\bdo|\belse|\bin|\bof|\bvoid|\byield|\bawait)\s*$/;

/**
 * Splits TypeScript/JavaScript source into code, comments and literals, well enough to find
 * imports and identifiers: handles `//` and block comments, the three quote kinds, `${}`
 * inside templates (nested), and regex literals where an expression may start.
 */
export function scanSource(source: string): ScannedSource {
  let code = "";
  let bare = "";
  const templateDepth: number[] = [];
  let braceDepth = 0;
  let i = 0;
  const both = (text: string) => {
    code += text;
    bare += text;
  };
  const blankBoth = (text: string) => {
    const spaces = text.replace(/[^\n]/g, " ");
    code += spaces;
    bare += spaces;
  };
  const literal = (text: string) => {
    code += text;
    bare += text.replace(/[^\n]/g, " ");
  };
  const readTemplate = () => {
    let j = i;
    while (j < source.length) {
      const ch = source[j];
      if (ch === "\\") j += 2;
      else if (ch === "`") {
        literal(source.slice(i, j + 1));
        i = j + 1;
        return;
      } else if (ch === "$" && source[j + 1] === "{") {
        literal(source.slice(i, j + 2));
        i = j + 2;
        templateDepth.push(braceDepth);
        braceDepth++;
        return;
      } else j++;
    }
    literal(source.slice(i));
    i = source.length;
  };
  while (i < source.length) {
    const ch = source[i] ?? "";
    const next = source[i + 1];
    if (ch === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      const stop = end < 0 ? source.length : end;
      blankBoth(source.slice(i, stop));
      i = stop;
    } else if (ch === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end < 0 ? source.length : end + 2;
      blankBoth(source.slice(i, stop));
      i = stop;
    } else if (ch === '"' || ch === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== ch && source[j] !== "\n")
        j += source[j] === "\\" ? 2 : 1;
      literal(source.slice(i, j + 1));
      i = j + 1;
    } else if (ch === "`") {
      both("`");
      i++;
      readTemplate();
    } else if (ch === "{") {
      braceDepth++;
      both(ch);
      i++;
    } else if (ch === "}") {
      braceDepth--;
      if (templateDepth.length > 0 && templateDepth.at(-1) === braceDepth) {
        templateDepth.pop();
        both("}");
        i++;
        readTemplate();
      } else {
        both(ch);
        i++;
      }
    } else if (ch === "/" && REGEX_CAN_FOLLOW.test(bare.slice(-30))) {
      let j = i + 1;
      let inClass = false;
      while (j < source.length && source[j] !== "\n") {
        const c = source[j];
        if (c === "\\") j++;
        else if (c === "[") inClass = true;
        else if (c === "]") inClass = false;
        else if (c === "/" && !inClass) break;
        j++;
      }
      while (/[a-z]/i.test(source[j + 1] ?? "")) j++;
      literal(source.slice(i, j + 1));
      i = j + 1;
    } else {
      both(ch);
      i++;
    }
  }
  return { code, bare };
}

/** An import or re-export found in a file. */
export interface ImportRef {
  specifier: string;
  /** `import type …`, `export type … from`, or every named binding marked `type`. */
  typeOnly: boolean;
  line: number;
}

/**
 * Static imports, `export … from`, side-effect imports and `import("…")` with a literal.
 * `bare` (from {@link scanSource}) tells real keywords from text inside string literals.
 */
export function findImports(code: string, bare = code): ImportRef[] {
  const refs: ImportRef[] = [];
  const lineAt = (index: number) => code.slice(0, index).split("\n").length;
  const isCode = (index: number, keyword: string) => bare.startsWith(keyword, index);
  const fromClause = /\b(import|export)\s+(type\s+)?([^'";]*?)\s*\bfrom\s*(["'])([^"']+)\4/g;
  for (const m of code.matchAll(fromClause)) {
    if (!isCode(m.index, m[1] ?? "")) continue;
    const bindings = m[3] ?? "";
    const named = /^\{([^}]*)\}$/.exec(bindings.trim());
    const names = named?.[1]?.split(",").filter((s) => s.trim() !== "");
    const allNamedTypes =
      names !== undefined && names.length > 0 && names.every((s) => /^\s*type\s/.test(s));
    refs.push({
      specifier: m[5] ?? "",
      typeOnly: Boolean(m[2]) || allNamedTypes,
      line: lineAt(m.index),
    });
  }
  const bareImports = [
    /(?:^|[;\n])\s*(import)\s*(["'])([^"']+)\2/g,
    /\b(import)\s*\(\s*(["'])([^"']+)\2\s*\)/g,
  ];
  for (const pattern of bareImports)
    for (const m of code.matchAll(pattern)) {
      const at = m.index + m[0].indexOf("import");
      if (isCode(at, "import"))
        refs.push({ specifier: m[3] ?? "", typeOnly: false, line: lineAt(at) });
    }
  return refs;
}
