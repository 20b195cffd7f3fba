import { persist } from "../persist/scenario.ts";
import type { Scenario } from "../runner/scenario.ts";
import { attach } from "./attach.ts";
import { attachmentStore } from "./attachment-store.ts";
import { bundleSize } from "./bundle-size.ts";
import { coldStart } from "./cold-start.ts";
import { hostileMarkdown } from "./hostile-markdown.ts";
import { importExport } from "./import.ts";
import { memory } from "./memory.ts";
import { openLong } from "./open-long.ts";
import { proxy } from "./proxy.ts";
import { streaming } from "./streaming.ts";
import { tokens } from "./tokens.ts";

/** Every benchmark, in the order they run and are listed. */
export const SCENARIOS: Scenario[] = [
  bundleSize,
  coldStart,
  openLong,
  streaming,
  hostileMarkdown,
  memory,
  persist,
  importExport,
  attach,
  attachmentStore,
  proxy,
  tokens,
];
