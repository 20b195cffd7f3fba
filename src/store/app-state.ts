import type { AgentsSlice } from "./agents-slice.ts";
import type { ImportSlice } from "./import-slice.ts";
import type { MessageEditSlice } from "./message-edit-slice.ts";
import type { PinSlice } from "./pin-slice.ts";
import type { RunSlice } from "./run-slice.ts";
import type { SearchSlice } from "./search-slice.ts";
import type { SessionsSlice } from "./sessions-slice.ts";
import type { SettingsSlice } from "./settings-slice.ts";
import type { StorageSlice } from "./storage-slice.ts";

export type AppState = SessionsSlice &
  RunSlice &
  SettingsSlice &
  AgentsSlice &
  PinSlice &
  SearchSlice &
  MessageEditSlice &
  StorageSlice &
  ImportSlice;
