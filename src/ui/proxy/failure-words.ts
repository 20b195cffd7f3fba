import type { RunFailure } from "../../store/app-state.ts";
import type { MessageKey } from "../i18n/en.ts";

export interface FailureWords {
  key: MessageKey;
  vars?: Record<string, string | number>;
}

function forStatus(status: number): FailureWords {
  const vars = { status };
  if (status === 401 || status === 403) return { key: "failAuth", vars };
  if (status === 404) return { key: "failRoute", vars };
  if (status === 413) return { key: "failTooLarge", vars };
  if (status === 429) return { key: "failRateLimit", vars };
  if (status >= 500) return { key: "failServer", vars };
  return { key: "failStatus", vars };
}

/** The words, in the user's language, for what failed; the store's English text is only the detail. */
export function failureWords(failure: Pick<RunFailure, "kind" | "status">): FailureWords {
  switch (failure.kind) {
    case "http":
      return failure.status === undefined ? { key: "failUnknown" } : forStatus(failure.status);
    case "network":
      return { key: "failNetwork" };
    case "protocol":
      return { key: "failProtocol" };
    case "tool_call_cut":
      return { key: "failToolCut" };
    case "context_full":
      return { key: "context.full" };
    case "no_input":
      return { key: "failNoInput" };
    case "max_steps":
      return { key: "stepLimitHelp" };
    case "answering_elsewhere":
      return { key: "failElsewhere" };
    default:
      return { key: "failUnknown" };
  }
}
