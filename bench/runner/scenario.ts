import type { AppServer } from "./app-server.ts";
import type { DiagnoseMode } from "./diagnose.ts";
import type { Figure } from "./figure.ts";
import type { Profiles } from "./profiles.ts";
import type { BenchSizes } from "./sizes.ts";

export interface ScenarioContext {
  root: string;
  smoke: boolean;
  /** Measured repetitions of each timing (a warm-up run comes on top where it matters). */
  reps: number;
  sizes: BenchSizes;
  /** Trace or profile the measured windows (`--trace`, `--profile`), for diagnosis. */
  diagnose: DiagnoseMode;
  server: AppServer;
  profiles: Profiles;
  /** Scratch space for generated files; removed at the end of the run. */
  workDir: string;
  log(message: string): void;
}

/** Extra results a scenario keeps in `latest.json` besides its figures (tables, raw reports). */
export type Details = Record<string, unknown>;

export interface ScenarioResult {
  figures: Figure[];
  details?: Details;
}

export interface Scenario {
  id: string;
  title: string;
  run(ctx: ScenarioContext): Promise<ScenarioResult>;
}
