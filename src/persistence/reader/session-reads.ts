import type { Session } from "../../core/session.ts";
import { readRawTail } from "../database/idb-ops.ts";
import { type Assembled, assembleTail, type KnownChunks, tailStart } from "./assemble.ts";
import { type Reader, readSession } from "./sliced-read.ts";

/**
 * A long session's two reads: the preview of its newest messages, then the whole session. The
 * whole read takes the chunks the preview restored, when nothing was written in between, so the
 * two share those message objects (`KnownChunks`) and only one preview is remembered at a time.
 */
export class SessionReads {
  private lastTail: { id: string; known: KnownChunks } | undefined;

  constructor(
    private readonly connection: Reader,
    private readonly sliceChunks: number | undefined,
  ) {}

  /** At least `count` of the newest messages (whole chunks), with the head's fields. */
  async tail(id: string, count: number): Promise<Session | undefined> {
    const raw = await this.connection.transact("readonly", (store) =>
      readRawTail(store, id, (head) => tailStart(head, count)),
    );
    const { session, known } = assembleTail(raw);
    this.lastTail = known ? { id, known } : undefined;
    return session;
  }

  /** Every record of the session, read in slices (`readSession`). */
  whole(id: string): Promise<Assembled> {
    const known = this.lastTail?.id === id ? this.lastTail.known : undefined;
    if (known) this.lastTail = undefined;
    return readSession(this.connection, id, this.sliceChunks, known);
  }
}
