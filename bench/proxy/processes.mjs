import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const probe = join(dirname(fileURLToPath(import.meta.url)), "gc-probe.cjs");
const probeDir = mkdtempSync(join(tmpdir(), "parley-bench-"));
let probes = 0;
process.on("exit", () => rmSync(probeDir, { recursive: true, force: true }));

/** Node arguments and environment that let `memoryOf` ask the child for its memory. */
function probed(env) {
  probes += 1;
  return {
    args: ["--expose-gc", "-r", probe],
    env: { ...env, PARLEY_PROBE_FILE: join(probeDir, `memory-${probes}.json`) },
  };
}

/** The child's memory after a full garbage collection (needs a child started by this module). */
export async function memoryOf(child) {
  const file = child.probeFile;
  rmSync(file, { force: true });
  child.kill("SIGUSR2");
  for (let i = 0; i < 200 && !existsSync(file); i += 1) await new Promise((r) => setTimeout(r, 10));
  for (let i = 0; i < 20; i += 1) {
    try {
      return JSON.parse(readFileSync(file, "utf8"));
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  return null;
}

/** Starts a bench helper (`upstream.mjs`, `bare.mjs`) and resolves with its port once it is ready. */
export function startChild(script, env) {
  const run = probed({ ...process.env, ...env });
  const child = spawn(process.execPath, [...run.args, script], {
    env: run.env,
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  child.probeFile = run.env.PARLEY_PROBE_FILE;
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (data) => {
      out += data;
      const port = /ready (\d+)/.exec(out)?.[1];
      if (port) resolve({ child, origin: `http://127.0.0.1:${port}` });
    });
    child.on("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Builds the Node entry of the proxy (as `npm run build` does) into a folder of its own under
 * node_modules/.cache (so that its imports resolve), so that benchmarks run at the same time do
 * not overwrite each other's build. `remove` deletes the folder.
 */
export async function buildProxy(root) {
  const { build } = await import("vite");
  const cache = join(root, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(join(cache, "parley-bench-"));
  const remove = () => rmSync(outDir, { recursive: true, force: true });
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    publicDir: false,
    build: { ssr: "server/node.ts", outDir, emptyOutDir: true, sourcemap: false },
  });
  return { entry: join(outDir, "node.js"), remove };
}

/** Runs the built proxy exactly as `npm start` would, its access log going to /dev/null. */
export async function startProxy(entry, env) {
  const port = await freePort();
  const run = probed({ ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" });
  const child = spawn(process.execPath, [...run.args, entry], {
    env: run.env,
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  child.probeFile = run.env.PARLEY_PROBE_FILE;
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { child, origin };
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill();
  throw new Error("the proxy did not start");
}

/** CPU time (user + system) a process has used so far, in milliseconds (Linux), or null. */
export function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}
