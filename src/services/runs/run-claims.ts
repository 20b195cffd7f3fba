import type { RunClaim, RunLocks } from "../../persistence/repository.ts";
import type { StateAccess } from "../../store/app-state.ts";
import type { SessionCache } from "../sessions/session-cache.ts";

const noClaim: RunClaim = { release() {} };

/**
 * Which sessions generate where: a run claims its session (through the tabs' run locks) before
 * it starts, and the sessions generating in other tabs are kept in `remoteRuns`. When a run of
 * another tab ends, a session held here is read again: it was opened without that run's
 * checkpoint, so an answer it left uncommitted shows now.
 */
export class RunClaims {
  private elsewhere: ReadonlySet<string> = new Set();
  private readonly stop: () => void;

  constructor(
    private readonly access: StateAccess,
    private readonly ports: {
      runLocks?: RunLocks | undefined;
      sessions: Pick<SessionCache, "reread">;
    },
  ) {
    this.stop =
      ports.runLocks?.subscribe((ids) => {
        const ended = [...this.elsewhere].filter((id) => !ids.has(id));
        this.elsewhere = new Set(ids);
        access.setState({
          remoteRuns: Object.fromEntries([...ids].map((id) => [id, true as const])),
        });
        for (const id of ended) void ports.sessions.reread(id);
      }) ?? (() => {});
  }

  /** Claims a session for a run in this tab; undefined (with a failure to show) when another tab runs it. */
  async claim(sessionId: string): Promise<RunClaim | undefined> {
    if (!this.ports.runLocks) return noClaim;
    const claim = await this.ports.runLocks.claim(sessionId);
    if (!claim && !this.access.getState().runs[sessionId])
      this.access.setState((s) => ({
        failures: {
          ...s.failures,
          [sessionId]: { retryable: true, code: "answering_elsewhere" },
        },
      }));
    return claim;
  }

  dispose(): void {
    this.stop();
  }
}
