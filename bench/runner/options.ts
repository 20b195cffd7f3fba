/** Command-line options of `npm run bench`. */
export interface BenchOptions {
  smoke: boolean;
  reps: number;
  only: string[] | null;
  port: number;
  /** Record a Chrome trace of each measured window and report where the main thread went. */
  trace: boolean;
  /** Record CPU profiles of the measured windows and report the modules whose code ran longest. */
  profile: boolean;
  help: boolean;
}

export const USAGE = `npm run bench [-- options]
  --smoke        tiny data, one repetition, no budgets (what npm test runs)
  --reps N       repetitions of each timing (default 5; smoke 1)
  --only a,b     run only these benchmarks: bundle, cold-start, open-long, streaming,
                 hostile-markdown, memory, import, attach, attachment-store,
                 persist, proxy, tokens
  --port N       port of the app server (default 4381; smoke 4391)
  --trace        record Chrome traces of the measured windows and print where the
                 main thread's time went (slows the page a little; for diagnosis)
  --profile      record CPU profiles of the measured windows and print the modules
                 (through the build's source maps) whose code ran longest`;

export function parseOptions(argv: readonly string[]): BenchOptions {
  const smoke = argv.includes("--smoke");
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    const inline = argv.find((a) => a.startsWith(`${name}=`));
    if (inline) return inline.slice(name.length + 1);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const number = (name: string, fallback: number): number => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1)
      throw new Error(`${name} needs a positive whole number, got "${raw}"`);
    return n;
  };
  const only = value("--only");
  return {
    smoke,
    reps: number("--reps", smoke ? 1 : 5),
    only: only
      ? only
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : null,
    port: number("--port", smoke ? 4391 : 4381),
    trace: argv.includes("--trace"),
    profile: argv.includes("--profile"),
    help: argv.includes("--help") || argv.includes("-h"),
  };
}
