import type { Result } from "../result.ts";
import type { SyncKeys } from "./kdf.ts";
import {
  type OpenedRecord,
  type OpenRecordError,
  openRecord,
  type SealedRecord,
  sealRecord,
} from "./sealed-record.ts";

/** Seals and opens records: in this thread, or in a worker (`record-worker.ts`). */
export interface RecordSealer {
  seal(parleyKey: string, json: string, revision?: number): Promise<SealedRecord>;
  open(id: string, envelope: unknown): Promise<Result<OpenedRecord, OpenRecordError>>;
  /** Ends its worker, if any (sync was turned off): what is still waiting is done here. */
  close(): void;
}

/** What the page asks the record worker; the keys go first, once. */
export type RecordRequest =
  | { id: number; type: "keys"; keys: SyncKeys }
  | { id: number; type: "seal"; parleyKey: string; json: string; revision: number | undefined }
  | { id: number; type: "open"; docId: string; envelope: unknown };

export type RecordReply =
  | { id: number; type: "keys" }
  | { id: number; type: "failed" }
  | { id: number; type: "seal"; sealed: SealedRecord }
  | { id: number; type: "open"; opened: Result<OpenedRecord, OpenRecordError> };

/** What the sealer needs of a Web Worker (a fake in tests). */
export interface RecordWorkerPort {
  postMessage(message: RecordRequest): void;
  onmessage: ((event: MessageEvent<RecordReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

export function inThread(keys: SyncKeys): RecordSealer {
  return {
    seal: (parleyKey, json, revision) => sealRecord(keys, parleyKey, json, revision),
    open: (id, envelope) => openRecord(keys, id, envelope),
    close: () => {},
  };
}

/** Answers one request of the page: the worker's whole work, here so a test can run it in-thread. */
export async function answer(
  keys: SyncKeys | undefined,
  request: RecordRequest,
): Promise<RecordReply> {
  if (request.type === "keys") return { id: request.id, type: "keys" };
  if (!keys) throw new Error("record worker: no keys yet");
  if (request.type === "seal") {
    const sealed = await sealRecord(keys, request.parleyKey, request.json, request.revision);
    return { id: request.id, type: "seal", sealed };
  }
  return {
    id: request.id,
    type: "open",
    opened: await openRecord(keys, request.docId, request.envelope),
  };
}

/**
 * Seals and opens in a worker: the JSON's UTF-8, DEFLATE and base64 (and their garbage) leave
 * the page's thread, where a first sync's chunks of tens of kilobytes each cost milliseconds
 * (WebCrypto itself already runs off it). The keys are posted once (a `CryptoKey` is cloned,
 * never exported). Should the worker fail, what was waiting and everything after is done here.
 */
export function inWorker(keys: SyncKeys, start: () => RecordWorkerPort): RecordSealer {
  const here = inThread(keys);
  const waiting = new Map<number, { request: RecordRequest; resolve: (r: RecordReply) => void }>();
  let worker: RecordWorkerPort | undefined;
  let failed = false;
  let nextId = 0;
  const fallBack = () => {
    failed = true;
    worker?.terminate();
    for (const { request, resolve } of waiting.values()) void answer(keys, request).then(resolve);
    waiting.clear();
  };
  const call = (make: (id: number) => RecordRequest): Promise<RecordReply> => {
    const request = make(nextId++);
    if (failed) return answer(keys, request);
    if (!worker) {
      try {
        worker = start();
      } catch {
        failed = true;
        return answer(keys, request);
      }
      worker.onmessage = ({ data }) => {
        waiting.get(data.id)?.resolve(data);
        waiting.delete(data.id);
      };
      worker.onerror = fallBack;
      worker.postMessage({ id: nextId++, type: "keys", keys });
    }
    const port = worker;
    return new Promise((resolve) => {
      waiting.set(request.id, { request, resolve });
      port.postMessage(request);
    });
  };
  return {
    async seal(parleyKey, json, revision) {
      const reply = await call((id) => ({ id, type: "seal", parleyKey, json, revision }));
      return reply.type === "seal" ? reply.sealed : here.seal(parleyKey, json, revision);
    },
    async open(docId, envelope) {
      const reply = await call((id) => ({ id, type: "open", docId, envelope }));
      return reply.type === "open" ? reply.opened : here.open(docId, envelope);
    },
    close: fallBack,
  };
}
