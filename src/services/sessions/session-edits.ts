import {
  checkSettings,
  type SettingField,
  type SettingsDraft,
  sameSettings,
} from "../../core/conversation-settings.ts";
import type { CoreEnv } from "../../core/env.ts";
import type { JsonObject } from "../../core/json.ts";
import { failed, ok, type Result } from "../../core/result.ts";
import { rename, setMetadata, setSettings, setState } from "../../core/session-ops.ts";
import type { Change } from "../../persistence/repository.ts";
import type { StateAccess } from "../../store/app-state.ts";
import type { SessionCache } from "./session-cache.ts";

/** None of these touches a message. */
const HEAD: Change = { kind: "head" };

/** Changes a conversation's own fields: its title, pin, state and the agents it runs. */
export class SessionEdits {
  constructor(
    private readonly access: StateAccess,
    private readonly ports: {
      sessions: Pick<SessionCache, "load" | "commit">;
      env: Pick<CoreEnv, "clock">;
    },
  ) {}

  async rename(id: string, title: string): Promise<void> {
    const session = await this.ports.sessions.load(id);
    const trimmed = title.trim();
    if (!session || trimmed === "" || trimmed === session.title) return;
    await this.ports.sessions.commit(rename(session, trimmed, this.ports.env), HEAD);
  }

  /** Pinned conversations come first in the sidebar. */
  async pin(id: string, pinned: boolean): Promise<void> {
    const session = await this.ports.sessions.load(id);
    if (!session || (session.metadata.pinned === true) === pinned) return;
    const { pinned: _old, ...rest } = session.metadata;
    await this.ports.sessions.commit(
      setMetadata(session, pinned ? { ...rest, pinned: true } : rest, this.ports.env),
      HEAD,
    );
  }

  /**
   * Replaces the conversation's state. Rejects, changing nothing, when the state could not be
   * read back (see `SessionCache.commit`); the caller shows why.
   */
  async setState(id: string, state: JsonObject): Promise<void> {
    const session = this.access.getState().bodies[id];
    if (!session) return;
    await this.ports.sessions.commit(setState(session, state, this.ports.env), HEAD);
  }

  /**
   * Replaces the conversation's own system prompt and parameters. A value out of its range is
   * refused with the field it concerns, and nothing changes.
   */
  async configure(
    id: string,
    settings: SettingsDraft,
  ): Promise<
    Result<void, { code: "setting_invalid"; field: SettingField } | { code: "session_gone" }>
  > {
    const checked = checkSettings(settings);
    if (!checked.ok) return checked;
    const session = await this.ports.sessions.load(id);
    if (!session) return failed({ code: "session_gone" });
    if (sameSettings(session.settings, checked.value)) return ok(undefined);
    await this.ports.sessions.commit(setSettings(session, checked.value, this.ports.env), HEAD);
    return ok(undefined);
  }

  /** The agents a conversation runs on each message, in order (one agent, or a pipeline). */
  async setPipeline(id: string, names: string[]): Promise<void> {
    const session = await this.ports.sessions.load(id);
    if (!session) return;
    await this.ports.sessions.commit(
      setMetadata(session, { ...session.metadata, pipeline: names }, this.ports.env),
      HEAD,
    );
  }
}
