import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";

const SCRIPT = join(import.meta.dirname, "..", "..", "scripts", "sync-server.mjs");

export interface RunningSyncServer {
  url: string;
  /** Creates a database, as a person would with `curl -X PUT`; fails unless the server says 201. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

/** `scripts/sync-server.mjs` in a child process, on a free loopback port. */
export function startSyncServer(origins: readonly string[] = []): Promise<RunningSyncServer> {
  const args = [SCRIPT, "--port", "0", ...origins.flatMap((origin) => ["--origin", origin])];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`sync server exited (${code}): ${errors}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      const url = /listening on (http:\/\/\S+)/.exec(line)?.[1];
      if (!url) return;
      resolve({
        url,
        async createDatabase(name) {
          const response = await fetch(`${url}/${name}`, { method: "PUT" });
          if (response.status !== 201)
            throw new Error(`PUT /${name}: ${response.status} ${await response.text()}`);
          return `${url}/${name}`;
        },
        stop() {
          child.kill("SIGTERM");
          return stopped(child);
        },
      });
    });
  });
}
