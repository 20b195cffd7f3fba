/** What a scan of the log found: each row's problems by its index, and the rows it saw. */
export interface LogScan {
  rows: Array<[number, string[]]>;
}

/**
 * Runs in the page: scrolls the message log from its start until each of its `rows` has been
 * rendered, and checks every row the virtual list renders on the way for what hostile output
 * must never leave behind. Rows are checked where they are, so a problem is told by its row.
 */
export async function scanLog(rows: number): Promise<LogScan> {
  const log = document.querySelector<HTMLElement>("[role=log]");
  if (!log) throw new Error("no message log in the page");
  const bad = /^\s*(javascript|vbscript|data\s*:\s*text\/html|data\s*:\s*image\/svg\+xml)/i;
  const addresses = ["href", "src", "action", "formaction", "xlink:href", "srcset", "data"];
  // The app's own icons (lucide, aria-hidden) are SVG in the message actions; what an answer
  // renders (`.md`) may hold no image or SVG at all.
  const inert =
    "script, iframe, object, embed, .md img, .md svg, svg:not([aria-hidden=true]), form, style";
  const problemsOf = (row: Element): string[] => {
    const problems: string[] = [];
    for (const el of [row, ...Array.from(row.querySelectorAll("*"))]) {
      for (const attr of Array.from(el.attributes)) {
        const name = attr.name.toLowerCase();
        if (name.startsWith("on")) problems.push(`${el.tagName} has ${name}`);
        if (addresses.includes(name) && bad.test(attr.value))
          problems.push(`${el.tagName} ${name}=${attr.value.slice(0, 60)}`);
      }
      if (el.closest(".md") && el.hasAttribute("style"))
        problems.push(`${el.tagName} in an answer has a style attribute`);
    }
    for (const el of Array.from(row.querySelectorAll(inert)))
      problems.push(`${el.tagName} element inside the log`);
    for (const article of Array.from(row.querySelectorAll("article")))
      if (article.dataset.status !== "complete")
        problems.push(`the message is ${article.dataset.status}`);
    return problems;
  };
  const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  const rendered = () => Array.from(log.querySelectorAll<HTMLElement>(".virtual-row"));
  // After a scroll the list renders the rows now in view on a later frame: wait until a row
  // covers the view's top edge (a missed row still fails, by the count of rows seen).
  const covered = () => {
    const top = log.getBoundingClientRect().top + 1;
    return rendered().some((row) => {
      const box = row.getBoundingClientRect();
      return box.top <= top && box.bottom >= top;
    });
  };
  const found = new Map<number, string[]>();
  const inner = log.querySelector<HTMLElement>(".virtual-inner");
  log.scrollTop = 0;
  for (let step = 0; step < 10_000 && found.size < rows; step++) {
    for (let f = 0; f < 120 && !covered(); f++) await frame();
    await frame();
    for (const row of rendered()) {
      const index = Number(row.dataset.index);
      found.set(index, [...new Set([...(found.get(index) ?? []), ...problemsOf(row)])]);
    }
    // Rows are measured as they render, which moves the ones after them: the next view starts
    // where the first row not yet seen follows the last one rendered before it, not a fixed
    // distance on.
    let next = 0;
    while (found.has(next)) next++;
    const before = rendered()
      .filter((row) => Number(row.dataset.index) < next)
      .sort((a, b) => Number(b.dataset.index) - Number(a.dataset.index))[0];
    if (before && inner) {
      const box = before.getBoundingClientRect();
      log.scrollTop = box.bottom - inner.getBoundingClientRect().top - 1;
    } else {
      log.scrollTop = Math.max(0, log.scrollTop - log.clientHeight / 2);
    }
  }
  return { rows: [...found.entries()] };
}
