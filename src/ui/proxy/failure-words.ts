import type { ErrorParams } from "../../core/answer-error.ts";
import type { RunFailure } from "../../store/app-state.ts";
import type { StartKey } from "../i18n/en.ts";
import type { SectionKey } from "../i18n/sections.ts";

export interface FailureWords {
  key: StartKey | SectionKey<"modelError">;
  vars?: Record<string, string | number>;
}

/** A failure by its code and facts: a run's, or a stored answer's (no code: an unexpected error). */
export type FailureFacts = ErrorParams & Pick<RunFailure, "code">;

function forStatus(status: number): FailureWords {
  const vars = { status };
  if (status === 401 || status === 403) return { key: "modelError.http_auth", vars };
  if (status === 404) return { key: "modelError.http_route", vars };
  if (status === 413) return { key: "modelError.http_too_large", vars };
  if (status === 429) return { key: "modelError.http_rate_limit", vars };
  if (status >= 500) return { key: "modelError.http_server", vars };
  return { key: "modelError.http_status", vars };
}

const tools = (failure: FailureFacts) => ({ tools: (failure.tools ?? []).join(", ") || "?" });

/** The words, in the user's language, for what failed; a failure's `detail` is never the sentence. */
export function failureWords(failure: FailureFacts): FailureWords {
  switch (failure.code) {
    case "http_status":
    case "stream_error":
      return failure.status === undefined
        ? { key: `modelError.${failure.code}` }
        : forStatus(failure.status);
    case "step_limit":
      return failure.agent === undefined || failure.maxSteps === undefined
        ? { key: "stepLimitHelp" }
        : {
            key: "modelError.step_limit",
            vars: { agent: failure.agent, maxSteps: failure.maxSteps },
          };
    case "context_full":
      return failure.cause === undefined
        ? { key: "context.full" }
        : { key: `modelError.context_${failure.cause}` };
    case "unstorable_tool_call":
    case "length_in_tool_call":
    case "tool_while_continuing":
      return { key: `modelError.${failure.code}`, vars: tools(failure) };
    case "answer_too_long":
      return { key: "modelError.answer_too_long", vars: { limit: failure.limit ?? "?" } };
    case undefined:
      return { key: "modelError.unknown" };
    default:
      return { key: `modelError.${failure.code}` };
  }
}
