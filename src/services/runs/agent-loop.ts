import { continueAnswer } from "../../core/agent/continue-answer.ts";
import { runTurn } from "../../core/agent/run-turn.ts";
import { askTitle } from "../../core/agent/title-step.ts";

/**
 * The agent loop, in a chunk of its own in the browser: the page needs it at the first send, not
 * to start (`AppPorts.agentLoop` loads it; the page warms it once idle). It brings the request
 * for a conversation's title too, which follows a first answer.
 */
export const agentLoop = { runTurn, continueAnswer, askTitle };

export type AgentLoop = typeof agentLoop;
