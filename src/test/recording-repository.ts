import type { Session } from "../core/session.ts";
import { MemorySessionRepository } from "../persistence/memory-repository.ts";
import type { OpenOptions, SessionChange, WriteOutcome } from "../persistence/repository.ts";

/**
 * The memory repository, noting which sessions were opened, read (`reads`) and released; `holdOpens()`
 * keeps every `open` waiting until `releaseOpens()` (a slow read of a long session); while
 * `failSaves` is set, every save fails as on a full disk.
 */
export class RecordingRepository extends MemorySessionRepository {
  readonly opened: string[] = [];
  readonly reads: string[] = [];
  readonly released: string[] = [];
  failSaves = false;
  private gate: Promise<void> | null = null;
  private openGate = () => {};

  holdOpens(): void {
    this.gate = new Promise((resolve) => {
      this.openGate = resolve;
    });
  }

  releaseOpens(): void {
    this.openGate();
    this.gate = null;
  }

  override async open(id: string, options?: OpenOptions): Promise<Session | undefined> {
    this.opened.push(id);
    if (this.gate) await this.gate;
    return super.open(id, options);
  }

  override async openRecent(id: string, count: number): Promise<Session | undefined> {
    const whole = await super.open(id);
    return whole && { ...whole, messages: whole.messages.slice(-count) };
  }

  override async read(id: string): Promise<Session | undefined> {
    this.reads.push(id);
    return super.open(id);
  }

  override async save(session: Session, change: SessionChange): Promise<WriteOutcome> {
    if (this.failSaves) return { ok: false, fault: { kind: "quota" } };
    return super.save(session, change);
  }

  override release(id: string): void {
    this.released.push(id);
  }
}
