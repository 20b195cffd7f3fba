// Preloaded into the process under test (`node --expose-gc -r gc-probe.cjs`): on SIGUSR2 it
// collects garbage and writes process.memoryUsage() to $PARLEY_PROBE_FILE, so that memory per
// open stream can be measured without the noise of uncollected garbage. It also ends the
// process when the benchmark that started it goes away (their IPC channel closes), so that an
// interrupted benchmark leaves no server behind.
const { writeFileSync } = require("node:fs");

process.on("SIGUSR2", () => {
  globalThis.gc?.();
  globalThis.gc?.();
  writeFileSync(process.env.PARLEY_PROBE_FILE, JSON.stringify(process.memoryUsage()));
});

if (process.connected) process.on("disconnect", () => process.exit(0));
