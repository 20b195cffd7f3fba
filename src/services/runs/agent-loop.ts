import { continueAnswer } from "../../core/agent/continue-answer.ts";
import { runTurn } from "../../core/agent/run-turn.ts";

/**
 * The agent loop, in a chunk of its own in the browser: the page needs it at the first send, not
 * to start (`AppPorts.agentLoop` loads it; the page warms it once idle).
 */
export const agentLoop = { runTurn, continueAnswer };

export type AgentLoop = typeof agentLoop;
