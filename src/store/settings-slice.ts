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
  /** Stores the changed fields over the settings as stored now (another tab may have changed others). */
  updateSettings(patch: Partial<Settings>): void;
  /** Takes in the settings as stored: another tab changed them (a `storage` event). */
  syncSettings(): void;
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

/** The settings as stored now; undefined when nothing is stored or storage cannot be read. */
function stored(deps: StoreDeps): Settings | undefined {
  const raw = deps.settingsStorage.read();
  return raw === undefined ? undefined : readSettings(raw);
}

function sameSettings(a: Settings, b: Settings): boolean {
  return (Object.keys(a) as (keyof Settings)[]).every((k) => a[k] === b[k]);
}

export const createSettingsSlice =
  (deps: StoreDeps): StateCreator<AppState, [], [], SettingsSlice> =>
  (set, get) => ({
    settings: readSettings(deps.settingsStorage.read()),
    browserLocale: deps.browserLocale,
    updateSettings(patch) {
      const settings = { ...(stored(deps) ?? get().settings), ...patch };
      set({ settings });
      deps.settingsStorage.write(settings);
    },
    syncSettings() {
      const settings = stored(deps);
      if (settings && !sameSettings(settings, get().settings)) set({ settings });
    },
  });
