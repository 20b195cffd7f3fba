#!/usr/bin/env node
// bench/proxy: time to first and last byte through the proxy, against the same local upstream
// reached directly and through a bare Node pass-through (the floor), at 1, 50 and 200 concurrent
// streams; throughput; memory per open stream. `node bench/proxy/index.mjs [--smoke]`.
import { mkdirSync, writeFileSync } from "node:fs";
import { Agent } from "node:http";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { load, openStream, percentile } from "./client.mjs";
import { buildProxy, cpuMsOf, memoryOf, startChild, startProxy } from "./processes.mjs";
import { printReport } from "./report.mjs";

const here = dirname(fileURLToPath(import.meta.url));
// How long a paced stream lasts (40 pieces, 20 ms apart): clients start spread over this time.
const PACED_STREAM_MS = 850;
/** Streams sent through each path before anything is measured. */
const WARM_UP_STREAMS = 2000;
const root = resolve(here, "../..");
const body = (mode) =>
  JSON.stringify({ model: "openai/m", stream: true, messages: [{ role: "user", content: mode }] });

async function memoryPerStream(name, target, upstream, streams) {
  const agent = new Agent({ keepAlive: true, maxSockets: streams });
  const url = `${target.origin}/v1/chat/completions`;
  const before = await memoryOf(target.child);
  const open = await Promise.all(
    Array.from({ length: streams }, () => openStream(agent, url, body("hold"))),
  );
  const during = await memoryOf(target.child);
  await fetch(`${upstream.origin}/release`, { method: "POST" });
  for (const stream of open) stream.cancel();
  agent.destroy();
  const used = (m) => (m ? m.heapUsed + m.external : null);
  const delta = (a, b) => (a === null || b === null ? null : (b - a) / streams);
  return {
    path: name,
    streams,
    heapBefore: used(before),
    heapOpen: used(during),
    rssBefore: before?.rss ?? null,
    rssOpen: during?.rss ?? null,
    bytesPerStream: delta(used(before), used(during)),
    rssPerStream: delta(before?.rss ?? null, during?.rss ?? null),
  };
}

/**
 * Runs the proxy benchmark and returns its results; prints the tables and writes JSON to `out`.
 * `smoke` runs a tiny version (a few streams) to check that the benchmark itself works.
 */
export async function runProxyBench({
  smoke = false,
  out = join(root, "bench", "results", smoke ? "proxy-smoke.json" : "proxy.json"),
  print = console.log,
} = {}) {
  const children = [];
  let removeBuild = () => {};
  try {
    const upstream = await startChild(join(here, "upstream.mjs"), { PORT: "0" });
    children.push(upstream.child);
    const bare = await startChild(join(here, "bare.mjs"), { PORT: "0", UPSTREAM: upstream.origin });
    children.push(bare.child);
    const { entry, remove } = await buildProxy(root);
    removeBuild = remove;
    const proxy = await startProxy(entry, {
      OPENAI_BASE_URL: `${upstream.origin}/v1`,
      OPENAI_API_KEY: "sk-bench",
      OPENAI_MODELS: "m",
      PARLEY_RATE_LIMIT_PER_MINUTE: "0",
      PARLEY_MAX_STREAMS: "100000",
      PARLEY_CONFIG: "",
      PARLEY_ACCESS_TOKEN: "",
    });
    children.push(proxy.child);
    const targets = [
      { name: "direct", url: `${upstream.origin}/v1/chat/completions`, pid: null },
      { name: "bare pass-through", url: `${bare.origin}/v1/chat/completions`, pid: bare.child.pid },
      { name: "parley proxy", url: `${proxy.origin}/v1/chat/completions`, pid: proxy.child.pid },
    ];
    // Rounds interleave the paths so that they share whatever else the machine is doing.
    // Rounds interleave the paths so that they share whatever else the machine is doing. The
    // CPU time of the upstream and of this process (the load generator) is kept too: all three
    // share the machine's cores with the forwarding process.
    const interleaved = async (mode, concurrency, perClient, rounds, staggerMs = 0) => {
      const runs = new Map(
        targets.map((t) => [
          t.name,
          { samples: [], seconds: 0, cpuMs: 0, upstreamCpuMs: 0, clientCpuMs: 0 },
        ]),
      );
      for (let round = 0; round < rounds; round += 1) {
        for (const t of targets) {
          const cpuBefore = t.pid ? cpuMsOf(t.pid) : null;
          const upstreamBefore = cpuMsOf(upstream.child.pid);
          const clientBefore = process.cpuUsage();
          const { samples, seconds } = await load(
            t.url,
            body(mode),
            concurrency,
            perClient,
            staggerMs,
          );
          const client = process.cpuUsage(clientBefore);
          const cpuAfter = t.pid ? cpuMsOf(t.pid) : null;
          const upstreamAfter = cpuMsOf(upstream.child.pid);
          const run = runs.get(t.name);
          run.samples.push(...samples);
          run.seconds += seconds;
          run.cpuMs =
            cpuBefore === null || cpuAfter === null ? null : run.cpuMs + cpuAfter - cpuBefore;
          run.upstreamCpuMs =
            upstreamBefore === null || upstreamAfter === null || run.upstreamCpuMs === null
              ? null
              : run.upstreamCpuMs + upstreamAfter - upstreamBefore;
          run.clientCpuMs += (client.user + client.system) / 1000;
        }
      }
      return runs;
    };

    // V8 optimises a function only after it ran many times, and the proxy's per-request code
    // runs once per request: a few thousand requests before measuring, or the latency tables
    // would describe a proxy that has just started rather than one in service.
    await interleaved("burst", ...(smoke ? [5, 2] : [50, WARM_UP_STREAMS / 50]), 1);

    const levels = smoke
      ? [
          [1, 3, 1],
          [5, 2, 1],
        ]
      : [
          [1, 5, 3],
          [50, 3, 3],
          [200, 2, 2],
        ];
    const latency = [];
    for (const [concurrency, perClient, rounds] of levels) {
      const runs = await interleaved("paced", concurrency, perClient, rounds, PACED_STREAM_MS);
      for (const t of targets) {
        const { samples } = runs.get(t.name);
        const ttfb = samples.map((x) => x.ttfb);
        const ttlb = samples.map((x) => x.ttlb);
        latency.push({
          concurrency,
          path: t.name,
          requests: samples.length,
          ttfbP50: percentile(ttfb, 50),
          ttfbP99: percentile(ttfb, 99),
          ttlbP50: percentile(ttlb, 50),
          ttlbP99: percentile(ttlb, 99),
        });
      }
    }
    for (const row of latency) {
      const direct = latency.find((r) => r.concurrency === row.concurrency && r.path === "direct");
      row.addedTtfbP50 = row.ttfbP50 - (direct?.ttfbP50 ?? 0);
      row.addedTtlbP50 = row.ttlbP50 - (direct?.ttlbP50 ?? 0);
    }

    const throughputRows = (mode, runs, concurrency) => {
      const rows = targets.map((t) => {
        const { samples, seconds, cpuMs, upstreamCpuMs, clientCpuMs } = runs.get(t.name);
        const bytes = samples.reduce((n, x) => n + x.bytes, 0);
        return {
          mode,
          path: t.name,
          concurrency,
          streams: samples.length,
          seconds,
          streamsPerSecond: samples.length / seconds,
          mibPerSecond: bytes / seconds / 1024 / 1024,
          cpuMsPerStream: cpuMs === null ? null : cpuMs / samples.length,
          upstreamCpuMsPerStream: upstreamCpuMs === null ? null : upstreamCpuMs / samples.length,
          clientCpuMsPerStream: clientCpuMs / samples.length,
        };
      });
      const bare = rows.find((r) => r.path === "bare pass-through");
      for (const row of rows) {
        row.vsBare = bare?.streamsPerSecond ? row.streamsPerSecond / bare.streamsPerSecond : null;
        row.cpuVsBare =
          bare?.cpuMsPerStream && row.cpuMsPerStream
            ? bare.cpuMsPerStream / row.cpuMsPerStream
            : null;
      }
      return rows;
    };
    const [pacedConcurrency, pacedPerClient, pacedRounds] = smoke ? [10, 1, 1] : [200, 3, 2];
    const [burstConcurrency, burstPerClient, burstRounds] = smoke ? [5, 2, 1] : [50, 2, 4];
    const throughput = [
      ...throughputRows(
        "paced",
        await interleaved("paced", pacedConcurrency, pacedPerClient, pacedRounds),
        pacedConcurrency,
      ),
      ...throughputRows(
        "burst",
        await interleaved("burst", burstConcurrency, burstPerClient, burstRounds),
        burstConcurrency,
      ),
    ];

    const held = smoke ? 10 : 500;
    const memory = [
      await memoryPerStream("bare pass-through", bare, upstream, held),
      await memoryPerStream("parley proxy", proxy, upstream, held),
    ];

    const targetLevel = smoke ? 5 : 50;
    const at = latency.find((r) => r.path === "parley proxy" && r.concurrency === targetLevel);
    const proxyRow = (mode) => throughput.find((r) => r.path === "parley proxy" && r.mode === mode);
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      loadAverage: loadavg(),
      smoke,
      upstream:
        "paced: 40 pieces 20 ms apart (50 tokens/s); burst: 200 pieces back to back; about 170 bytes a piece",
      latency,
      throughput,
      memory,
      targets: {
        concurrency: targetLevel,
        addedTtfbP50Ms: at?.addedTtfbP50 ?? null,
        addedTtfbP50Under2Ms: at ? at.addedTtfbP50 < 2 : null,
        throughputVsBare: proxyRow("paced")?.vsBare ?? null,
        burstThroughputVsBare: proxyRow("burst")?.vsBare ?? null,
        burstCpuVsBare: proxyRow("burst")?.cpuVsBare ?? null,
      },
    };
    printReport(result, print);

    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    print(`\nWrote ${out}`);
    return result;
  } finally {
    for (const child of children) child.kill();
    await Promise.all(
      children.map((child) =>
        child.exitCode === null && child.signalCode === null
          ? new Promise((resolve) => child.once("exit", resolve))
          : null,
      ),
    );
    removeBuild();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runProxyBench({ smoke: process.argv.includes("--smoke") });
}
