import type { Session } from "../../src/core/session.ts";
import { median } from "../runner/stats.ts";
import { benchDevice, startChildServer, whenSynced } from "./devices.ts";
import { benchSessions } from "./generated.ts";

/** One append's cost on a long conversation, in the sync service of the committing device. */
export interface AppendCost {
  messages: number;
  appends: number;
  /** From the commit to the sync service having sealed and written it (`settled`), median. */
  sendMs: number;
  sendMaxMs: number;
  /** What reading the whole session from the memory repository costs alone (part of `sendMs`). */
  readMs: number;
}

/**
 * The sync service's cost of one append to a `messages`-long conversation (default 10,000): one
 * device holding it turns sync on (everything is sealed once), then `appends` messages are
 * committed one at a time, each as the app's append (`kind: "append"`), and timed from the
 * commit until the sync service has handled it. The server runs in its own process.
 */
export async function measureAppendCost(
  root: string,
  messages: number,
  appends: number,
): Promise<AppendCost> {
  const server = await startChildServer(root, []);
  try {
    const [whole] = benchSessions("sync-append-cost", 1, messages + appends);
    if (!whole) throw new Error("no generated session");
    const start: Session = { ...whole, messages: whole.messages.slice(0, messages) };
    const device = await benchDevice([start]);
    const settings = {
      server: await server.createDatabase("bench-append-cost"),
      username: "",
      password: "",
      passphrase: "bench passphrase",
    };
    await device.sync.start(settings);
    await device.sync.settled();
    await whenSynced(device.sync);
    const send: number[] = [];
    const read: number[] = [];
    for (let i = messages; i < whole.messages.length; i++) {
      const r0 = performance.now();
      const current = await device.repository.read(start.id);
      read.push(performance.now() - r0);
      const message = whole.messages[i];
      if (!current || !message) throw new Error("lost the conversation");
      const t0 = performance.now();
      await device.repository.save(
        {
          ...current,
          messages: [...current.messages, message],
          updatedAt: new Date().toISOString(),
          revision: current.revision + 1,
        },
        { kind: "append", messages: [message], base: current.revision },
      );
      await device.sync.settled();
      send.push(performance.now() - t0);
    }
    device.sync.dispose();
    return {
      messages,
      appends,
      sendMs: median(send),
      sendMaxMs: Math.max(...send),
      readMs: median(read),
    };
  } finally {
    await server.stop();
  }
}

export function appendCostTable(cost: AppendCost): string {
  return [
    `One append's send on a ${cost.messages.toLocaleString("en")}-message conversation (${cost.appends} appends)`,
    "",
    "| figure | median | max |",
    "|---|---:|---:|",
    `| commit → the sync service has sealed and written it | ${cost.sendMs.toFixed(1)} ms | ${cost.sendMaxMs.toFixed(1)} ms |`,
    `| of which: reading the whole session (memory repository) | ${cost.readMs.toFixed(1)} ms | |`,
  ].join("\n");
}
