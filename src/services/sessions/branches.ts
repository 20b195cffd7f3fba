import type { CoreEnv } from "../../core/env.ts";
import { append, createSession } from "../../core/session.ts";
import { showLeaf, showVersion } from "../../core/session-ops.ts";
import { latestLeafUnder, path, pathTo } from "../../core/tree.ts";
import type { StateAccess } from "../../store/app-state.ts";
import type { SessionCache } from "./session-cache.ts";

/**
 * The versions of a conversation: which branch is shown, and Fork. Nothing here removes or
 * rewrites a message; showing another version moves only the visible leaf. While an answer is
 * being written (here or in another tab) the shown branch stays, since the answer goes below it.
 */
export class Branches {
  constructor(
    private readonly access: StateAccess,
    private readonly ports: {
      sessions: Pick<SessionCache, "load" | "commit">;
      env: CoreEnv;
    },
  ) {}

  private busy(id: string): boolean {
    const { runs, remoteRuns } = this.access.getState();
    return Boolean(runs[id] || remoteRuns[id]);
  }

  /** Shows the version `messageId` of its message, with the newest turns that follow it. */
  async showVersion(id: string, messageId: string): Promise<boolean> {
    if (this.busy(id)) return false;
    const session = await this.ports.sessions.load(id);
    if (!session || this.busy(id)) return false;
    const next = showVersion(session, messageId, this.ports.env);
    if (next !== session) await this.ports.sessions.commit(next, { kind: "head" });
    return next !== session;
  }

  /** Shows the branch that holds `messageId` (a search hit), unless it is shown already. */
  async showMessage(id: string, messageId: string): Promise<void> {
    if (this.busy(id)) return;
    const session = await this.ports.sessions.load(id);
    if (!session?.messages.some((m) => m.id === messageId)) return;
    if (path(session).some((m) => m.id === messageId) || this.busy(id)) return;
    const leaf = latestLeafUnder(session.messages, messageId);
    await this.ports.sessions.commit(showLeaf(session, leaf, this.ports.env), { kind: "head" });
  }

  /**
   * A new conversation holding the visible history up to and including `messageId`, with the
   * title, state, settings and agents of the original (not its pin); the original does not change.
   * Returns the new conversation's id, or null when there is no such message.
   */
  async fork(id: string, messageId: string): Promise<string | null> {
    const session = await this.ports.sessions.load(id);
    if (!session?.messages.some((m) => m.id === messageId)) return null;
    const history = pathTo(session.messages, messageId).map(({ parentId: _p, ...m }) => m);
    const { pinned: _pin, ...metadata } = session.metadata;
    const fresh = createSession(this.ports.env, {
      title: session.title,
      metadata,
      state: session.state,
    });
    const withSettings = session.settings ? { ...fresh, settings: session.settings } : fresh;
    await this.ports.sessions.commit(append(withSettings, history, this.ports.env), {
      kind: "whole",
    });
    return fresh.id;
  }
}
