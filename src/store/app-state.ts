import type { RunSlice } from "./run-slice.ts";
import type { SessionsSlice } from "./sessions-slice.ts";
import type { SettingsSlice } from "./settings-slice.ts";

export type AppState = SessionsSlice & RunSlice & SettingsSlice;
