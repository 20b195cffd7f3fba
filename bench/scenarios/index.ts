import type { Scenario } from "../runner/scenario.ts";
import { bundleSize } from "./bundle-size.ts";

/** Every benchmark, in the order they run and are listed. */
export const SCENARIOS: Scenario[] = [bundleSize];
