import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

/** Starts a bench helper (`upstream.mjs`, `bare.mjs`) and resolves with its port once it is ready. */
export function startChild(script, env) {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
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

/** Builds the Node entry of the proxy (as `npm run build` does) into a cache folder. */
export async function buildProxy(root) {
  const { build } = await import("vite");
  const outDir = join(root, "node_modules", ".cache", "parley-bench", "server");
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    publicDir: false,
    build: { ssr: "server/node.ts", outDir, emptyOutDir: true, sourcemap: false },
  });
  return join(outDir, "node.js");
}

/** Runs the built proxy exactly as `npm start` would, its access log going to /dev/null. */
export async function startProxy(entry, env) {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
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

/** Resident memory of a process in bytes (Linux), or null elsewhere. */
export function rssOf(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
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
