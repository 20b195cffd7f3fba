import * as z from "zod/mini";
import type { StateAccess } from "../../store/app-state.ts";
import { defaultSettings, type Settings } from "../../store/settings.ts";
import type { SettingsStorage } from "../ports.ts";

/** Each field is read on its own: one that is missing or wrong takes its default, the others stay. */
const storedSettings = z.object({
  locale: z.catch(z.enum(["auto", "en", "zh"]), defaultSettings.locale),
  theme: z.catch(z.enum(["system", "light", "dark"]), defaultSettings.theme),
  model: z.catch(z.string(), defaultSettings.model),
  agent: z.catch(z.string(), defaultSettings.agent),
  accessToken: z.catch(z.string(), defaultSettings.accessToken),
  autoDeleteDays: z.catch(z.int().check(z.gte(0)), defaultSettings.autoDeleteDays),
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
