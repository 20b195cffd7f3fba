import type { Tool } from "../tool.ts";
import { calculatorTool } from "./calculator.ts";
import { currentTimeTool } from "./current-time.ts";
import { stateDeleteTool, stateGetTool, stateSetTool } from "./state-tools.ts";

/** The tools Parley ships, run in the browser: calculator, state_get, state_set, state_delete, current_time. */
export const builtinTools: readonly Tool[] = [
  calculatorTool,
  stateGetTool,
  stateSetTool,
  stateDeleteTool,
  currentTimeTool,
];
