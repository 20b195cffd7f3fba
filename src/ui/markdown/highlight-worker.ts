/// <reference lib="webworker" />

import type { HighlightJob, HighlightReply } from "./highlight-protocol.ts";
import { encodeHighlight, type HighlightSpans } from "./highlight-tree.ts";
import { highlight } from "./lowlight-setup.ts";

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<HighlightJob>) => {
  const { id, code, language } = event.data;
  let spans: HighlightSpans | null = null;
  try {
    const tree = highlight(code, language);
    spans = tree ? encodeHighlight(tree) : null;
  } catch {
    spans = null;
  }
  const reply: HighlightReply = { type: "done", id, spans };
  scope.postMessage(reply, spans ? [spans.ops.buffer] : []);
};

scope.postMessage({ type: "ready" } satisfies HighlightReply);
