import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";

export interface AppServer {
  origin: string;
  stop(): Promise<void>;
}

async function waitForHealth(
  origin: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the app server exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app server did not answer ${origin}/healthz within ${timeoutMs / 1000} s`);
}

/**
 * Starts `npm start`'s script (which rebuilds when sources changed, so the bench measures the
 * current code) on `port`, with the demo model streaming one piece every `demoDelayMs`.
 */
export async function startAppServer(
  root: string,
  port: number,
  env: Record<string, string> = {},
): Promise<AppServer> {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server/start.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  try {
    await waitForHealth(origin, child, 300_000);
  } catch (error) {
    child.kill("SIGTERM");
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output.join("")}`);
  }
  return {
    origin,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await once(child, "exit");
      clearTimeout(timer);
    },
  };
}
