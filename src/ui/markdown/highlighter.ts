import { createContext, useContext } from "react";
import { HighlightClient } from "./highlight-client.ts";
import type { HighlightReply } from "./highlight-protocol.ts";
import { HIGHLIGHT_BUDGET_MS } from "./limits.ts";
import { RevealTurns } from "./reveal-turns.ts";

let page: HighlightClient | undefined;
let pageTurns: RevealTurns | undefined;

/**
 * The page's highlighter. Its worker (highlight.js and the grammars) is a file of its own,
 * loaded with the first block that asks, so none of it is in the initial bundle.
 */
function pageHighlighter(): HighlightClient {
  page ??= new HighlightClient({
    budgetMs: HIGHLIGHT_BUDGET_MS,
    createWorker: (events) => {
      const worker = new Worker(new URL("./highlight-worker.ts", import.meta.url), {
        type: "module",
      });
      worker.onmessage = (event: MessageEvent<HighlightReply>) => events.reply(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        events.fail();
      };
      return { post: (job) => worker.postMessage(job), terminate: () => worker.terminate() };
    },
  });
  return page;
}

/** Another highlighter for the blocks inside (tests give one with a fake worker). */
export const HighlighterContext = createContext<HighlightClient | null>(null);

export function useHighlighter(): HighlightClient {
  return useContext(HighlighterContext) ?? pageHighlighter();
}

/** The turns every code block of the page shares. */
export function useRevealTurns(): RevealTurns {
  pageTurns ??= new RevealTurns();
  return pageTurns;
}
