export type { DiskMessage, DiskSession, DiskSessionHead } from "./disk-types.ts";
export { FORMAT_VERSION } from "./disk-types.ts";
export { LIMITS } from "./limits.ts";
export { migrate } from "./migrate.ts";
export type { SessionHead } from "./restore.ts";
export { restore, restoreHead, restoreMessage } from "./restore.ts";
export { snapshot, snapshotHead, snapshotMessage } from "./snapshot.ts";
