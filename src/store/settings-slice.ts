import type { StateCreator } from "zustand";
import type { AppState } from "./app-state.ts";
import type { StoreDeps } from "./deps.ts";

export type LocalePreference = "auto" | "en" | "zh";
export type ThemePreference = "system" | "light" | "dark";

/** Preferences kept in this browser only. Never exported. */
export interface Settings {
  locale: LocalePreference;
  theme: ThemePreference;
  /** The model picked for new answers; empty until the proxy's list is known. */
  model: string;
  agent: string;
  accessToken: string;
  /** Delete conversations untouched for this many days (pinned ones are kept); 0 is off. */
  autoDeleteDays: number;
}

export interface SettingsSlice {
  settings: Settings;
  browserLocale: string;
  updateSettings(patch: Partial<Settings>): void;
}

export const defaultSettings: Settings = {
  locale: "auto",
  theme: "system",
  model: "",
  agent: "Assistant",
  accessToken: "",
  autoDeleteDays: 0,
};

const pick = <K extends keyof Settings>(
  raw: Record<string, unknown>,
  key: K,
  ok: (v: unknown) => boolean,
) => (ok(raw[key]) ? (raw[key] as Settings[K]) : defaultSettings[key]);

export function readSettings(raw: unknown): Settings {
  if (typeof raw !== "object" || raw === null) return defaultSettings;
  const r = raw as Record<string, unknown>;
  const isString = (v: unknown) => typeof v === "string";
  return {
    locale: pick(r, "locale", (v) => v === "auto" || v === "en" || v === "zh"),
    theme: pick(r, "theme", (v) => v === "system" || v === "light" || v === "dark"),
    model: pick(r, "model", isString),
    agent: pick(r, "agent", isString),
    accessToken: pick(r, "accessToken", isString),
    autoDeleteDays: pick(r, "autoDeleteDays", (v) => Number.isInteger(v) && (v as number) >= 0),
  };
}

export const createSettingsSlice =
  (deps: StoreDeps): StateCreator<AppState, [], [], SettingsSlice> =>
  (set, get) => ({
    settings: readSettings(deps.settingsStorage.read()),
    browserLocale: deps.browserLocale,
    updateSettings(patch) {
      const settings = { ...get().settings, ...patch };
      set({ settings });
      deps.settingsStorage.write(settings);
    },
  });
