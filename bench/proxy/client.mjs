import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";

/** One streamed request; resolves with the time to the first body byte, to the last, and the bytes. */
export function streamOnce(agent, url, body) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let first = 0;
    let bytes = 0;
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`status ${res.statusCode} from ${url}`));
          return;
        }
        res.on("data", (chunk) => {
          if (first === 0) first = performance.now();
          bytes += chunk.length;
        });
        res.on("end", () =>
          resolve({ ttfb: first - started, ttlb: performance.now() - started, bytes }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Opens a stream and resolves once its first byte arrived, keeping it open until `cancel`. */
export function openStream(agent, url, body) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", agent, headers: { "content-type": "application/json" } },
      (res) => {
        res.once("data", () => resolve({ cancel: () => req.destroy() }));
        res.on("error", () => {});
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * `concurrency` clients, each sending `perClient` streamed requests one after another. With
 * `staggerMs`, each client first waits a random part of it, so that requests arrive spread out
 * as they do in steady use instead of all in the same millisecond.
 */
export async function load(url, body, concurrency, perClient, staggerMs = 0) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const samples = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      if (staggerMs > 0) await new Promise((r) => setTimeout(r, Math.random() * staggerMs));
      for (let i = 0; i < perClient; i += 1) samples.push(await streamOnce(agent, url, body));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { samples, seconds };
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}
