import * as z from "zod";
import type { StateAccess } from "../../store/app-state.ts";
import { defaultSettings, type Settings } from "../../store/settings.ts";
import type { SettingsStorage } from "../ports.ts";

/** Each field is read on its own: one that is missing or wrong takes its default, the others stay. */
const storedSettings = z.object({
  locale: z.enum(["auto", "en", "zh"]).catch(defaultSettings.locale),
  theme: z.enum(["system", "light", "dark"]).catch(defaultSettings.theme),
  model: z.string().catch(defaultSettings.model),
  agent: z.string().catch(defaultSettings.agent),
  accessToken: z.string().catch(defaultSettings.accessToken),
  autoDeleteDays: z.int().min(0).catch(defaultSettings.autoDeleteDays),
});

/** The settings stored in `raw` (untrusted: another version or a person may have written it). */
export function readSettings(raw: unknown): Settings {
  const parsed = z.looseObject({}).safeParse(raw);
  return parsed.success ? storedSettings.parse(parsed.data) : defaultSettings;
}

function sameSettings(a: Settings, b: Settings): boolean {
  return (Object.keys(a) as (keyof Settings)[]).every((k) => a[k] === b[k]);
}

/** Preferences kept in this browser (`localStorage`), shared by its tabs. */
export class SettingsService {
  constructor(
    private readonly access: StateAccess,
    private readonly storage: SettingsStorage,
  ) {}

  /** Stores the changed fields over the settings as stored now (another tab may have changed others). */
  update(patch: Partial<Settings>): void {
    const settings = { ...(this.stored() ?? this.access.getState().settings), ...patch };
    this.access.setState({ settings });
    this.storage.write(settings);
  }

  /** Takes in the settings as stored: another tab changed them (a `storage` event). */
  sync(): void {
    const settings = this.stored();
    if (settings && !sameSettings(settings, this.access.getState().settings))
      this.access.setState({ settings });
  }

  /** The settings as stored now; undefined when nothing is stored or storage cannot be read. */
  private stored(): Settings | undefined {
    const raw = this.storage.read();
    return raw === undefined ? undefined : readSettings(raw);
  }
}
