/// <reference lib="webworker" />

import type { ImportRequest, ImportWorkerMessage } from "./import-worker-protocol.ts";
import { readFiles } from "./read-files.ts";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: ImportWorkerMessage) => scope.postMessage(message);

scope.onmessage = async (event: MessageEvent<ImportRequest>) => {
  const { files, now } = event.data;
  const results = await readFiles(files, now, (fileIndex, fileName, progress) =>
    post({ type: "progress", fileIndex, fileName, progress }),
  );
  post({ type: "done", results });
};
