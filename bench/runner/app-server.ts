import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { removeDir } from "./browser.ts";

export interface AppServer {
  origin: string;
  /** The built client this server serves (a private copy of `dist/client`). */
  clientDir: string;
  stop(): Promise<void>;
  /**
   * Serves the same build on the same origin (so the same IndexedDB) with `env` added (another
   * `DEMO_DELAY_MS`) while `run` runs, then as before.
   */
  withEnv<T>(env: Record<string, string>, run: () => Promise<T>): Promise<T>;
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

async function serve(
  root: string,
  script: string,
  port: number,
  env: Record<string, string>,
): Promise<{ origin: string; stop(): Promise<void> }> {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [script], {
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
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await once(child, "exit");
    clearTimeout(timer);
  };
  try {
    await waitForHealth(origin, child, 300_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output.join("")}`);
  }
  return { origin, stop };
}

/** Whether every script `index.html` names is in the copy (a build elsewhere may have raced it). */
function complete(dist: string): boolean {
  const html = join(dist, "client/index.html");
  if (!existsSync(html) || !existsSync(join(dist, "server/node.js"))) return false;
  const scripts = [...readFileSync(html, "utf8").matchAll(/\bsrc="\/([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  return scripts.every((s) => existsSync(join(dist, "client", s)));
}

/**
 * Builds the app when its sources changed (through `npm start`'s script), copies the build
 * aside so that builds by other people in the same tree cannot change it mid-run, and serves
 * the copy on `port`. Dependencies still resolve from the repository's node_modules.
 */
export async function startAppServer(
  root: string,
  port: number,
  env: Record<string, string> = {},
): Promise<AppServer> {
  const builder = await serve(root, "server/start.mjs", port, env);
  await builder.stop();
  const snapshot = join(root, `node_modules/.cache/parley-bench/dist-${port}`);
  for (let attempt = 0; ; attempt++) {
    removeDir(snapshot);
    cpSync(join(root, "dist"), snapshot, { recursive: true });
    if (complete(snapshot)) break;
    if (attempt >= 2)
      throw new Error("dist/ kept changing while it was copied; run the bench again");
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  const script = join(snapshot, "server/node.js");
  let current = await serve(root, script, port, env);
  return {
    origin: current.origin,
    clientDir: join(snapshot, "client"),
    stop: () => current.stop(),
    async withEnv(extra, run) {
      await current.stop();
      current = await serve(root, script, port, { ...env, ...extra });
      try {
        return await run();
      } finally {
        await current.stop();
        current = await serve(root, script, port, env);
      }
    },
  };
}
