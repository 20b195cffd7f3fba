/// <reference lib="webworker" />

import type { SyncKeys } from "./kdf.ts";
import { answer, type RecordRequest } from "./record-sealer.ts";

const scope = self as unknown as DedicatedWorkerGlobalScope;
let keys: SyncKeys | undefined;

// One request at a time would leave WebCrypto idle between documents: each is answered as soon
// as it is done, in any order (the page finds each reply by its id).
scope.onmessage = ({ data }: MessageEvent<RecordRequest>) => {
  if (data.type === "keys") keys = data.keys;
  // A refusal (a key with a line break) is thrown again on the page, which does it there.
  void answer(keys, data).then(
    (reply) => scope.postMessage(reply),
    () => scope.postMessage({ id: data.id, type: "failed" }),
  );
};
