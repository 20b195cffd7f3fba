/// <reference lib="webworker" />

import type { PdfReply, PdfRequest } from "./pdf-protocol.ts";
import { pdfText } from "./pdf-text.ts";

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<PdfRequest>) => {
  const { id, bytes, maxPages } = event.data;
  const text = await pdfText(new Uint8Array(bytes), maxPages).catch(() => null);
  scope.postMessage({ id, text } satisfies PdfReply);
};
