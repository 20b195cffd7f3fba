export type {
  CodecError,
  DiskMessage,
  DiskSession,
  DiskSessionHead,
  DiskToolCall,
} from "./disk-types.ts";
export { FORMAT_VERSION } from "./disk-types.ts";
export { LIMITS } from "./limits.ts";
export { migrate } from "./migrate.ts";
export { findHeadProblem, findMessageProblem } from "./readable.ts";
export type {
  RestoreHeadResult,
  RestoreMessageResult,
  RestoreResult,
  SessionHead,
} from "./restore.ts";
export { restore, restoreHead, restoreMessage } from "./restore.ts";
export { snapshot, snapshotHead, snapshotMessage } from "./snapshot.ts";
