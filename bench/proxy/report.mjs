const ms = (value) => (Number.isFinite(value) ? value.toFixed(2) : "n/a");
const pct = (value) =>
  value === null || value === undefined ? "n/a" : `${(value * 100).toFixed(0)}%`;
const mib = (bytes) => (bytes === null ? "n/a" : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);

/** Prints the benchmark's tables as Markdown. */
export function printReport(result, print) {
  print(
    `\nNode ${result.node}, ${result.cpus} CPUs, load average ${result.loadAverage.map((x) => x.toFixed(1)).join(" ")} at the end (other work on the machine shows up in these numbers)`,
  );
  print(
    "\n### Latency (paced upstream: 40 pieces, 20 ms apart, like a model writing 50 tokens a second), milliseconds\n",
  );
  print(
    "| streams | path | TTFB p50 | TTFB p99 | TTLB p50 | TTLB p99 | added TTFB p50 | added TTLB p50 |",
  );
  print("|---:|---|---:|---:|---:|---:|---:|---:|");
  for (const r of result.latency) {
    print(
      `| ${r.concurrency} | ${r.path} | ${ms(r.ttfbP50)} | ${ms(r.ttfbP99)} | ${ms(r.ttlbP50)} | ${ms(r.ttlbP99)} | ${ms(r.addedTtfbP50)} | ${ms(r.addedTtlbP50)} |`,
    );
  }
  print("\n### Throughput\n");
  print(
    "| upstream | streams at once | path | streams | streams/s | MiB/s | vs bare | CPU ms per stream | CPU vs bare | upstream CPU ms | load generator CPU ms |",
  );
  print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  const cpuOf = (value) => (value === null || value === undefined ? "n/a" : value.toFixed(2));
  for (const r of result.throughput) {
    print(
      `| ${r.mode} | ${r.concurrency} | ${r.path} | ${r.streams} | ${r.streamsPerSecond.toFixed(1)} | ${r.mibPerSecond.toFixed(2)} | ${pct(r.vsBare)} | ${cpuOf(r.cpuMsPerStream)} | ${pct(r.cpuVsBare)} | ${cpuOf(r.upstreamCpuMsPerStream)} | ${cpuOf(r.clientCpuMsPerStream)} |`,
    );
  }
  print(
    "\nCPU ms per stream: user + system time of the forwarding process (n/a for direct). CPU vs bare: the bare pass-through's CPU per stream over this path's, how many streams one core forwards compared with the floor. The upstream and the load generator (this process) run on the same cores, so streams/s compares whole-machine throughput.",
  );
  print(`\n### Memory per open stream (${result.memory[0]?.streams ?? 0} streams held open)\n`);
  print("| path | heap + external before | with streams open | per stream | RSS per stream |");
  print("|---|---:|---:|---:|---:|");
  const kib = (bytes) => (bytes === null ? "n/a" : `${(bytes / 1024).toFixed(1)} KiB`);
  for (const r of result.memory) {
    print(
      `| ${r.path} | ${mib(r.heapBefore)} | ${mib(r.heapOpen)} | ${kib(r.bytesPerStream)} | ${kib(r.rssPerStream)} |`,
    );
  }
  print(
    "\nHeap + external: V8 heap and buffers after a full garbage collection in the forwarding process.",
  );
  const t = result.targets;
  print(
    `\nTargets: added TTFB p50 at ${t.concurrency} streams ${ms(t.addedTtfbP50Ms)} ms (target < 2 ms); throughput ${pct(t.throughputVsBare)} of the bare pass-through with a paced upstream, ${pct(t.burstThroughputVsBare)} with a burst upstream (target >= 80%); with a burst upstream one core forwards ${pct(t.burstCpuVsBare)} as many streams as through the bare pass-through.`,
  );
}
