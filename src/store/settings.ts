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

export const defaultSettings: Settings = {
  locale: "auto",
  theme: "system",
  model: "",
  agent: "Assistant",
  accessToken: "",
  autoDeleteDays: 0,
};
