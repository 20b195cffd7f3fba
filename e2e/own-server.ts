import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");

/**
 * A server of the test's own, serving the build the suite's web server made, on a port next to
 * it: it can be stopped and started again (same port, so the same origin and storage) without
 * taking the suite's server away from other tests.
 */
export class OwnServer {
  private child: ChildProcess | null = null;

  /**
   * `env`: more of the server's variables, such as an upstream provider's (docs/proxy.md);
   * `root`: a directory holding a build (`dist/`), the suite's own unless given.
   */
  constructor(
    readonly port: number,
    private readonly env: Record<string, string> = {},
    readonly root: string = ROOT,
  ) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [join(this.root, "dist/server/node.js")], {
      cwd: this.root,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: "127.0.0.1",
        DEMO_DELAY_MS: "15",
        ...this.env,
      },
      stdio: "ignore",
    });
    this.child = child;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const up = await fetch(`${this.origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
    await once(child, "exit");
    clearTimeout(timer);
  }
}

/** A port of this worker's own beside the suite's (E2E_PORT), for an {@link OwnServer}. */
export function ownPort(workerIndex: number, offset = 0): number {
  return Number(process.env.E2E_PORT ?? 4178) + 20 + workerIndex * 4 + offset;
}
