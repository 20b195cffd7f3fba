import type { UpstreamRefusal } from "../../upstream/upstream-fetch.ts";
import type { RefusalRules } from "../refused-parameter.ts";

/** Anthropic names the field first: `top_k: Extra inputs are not permitted`. */
const FIELD_ERROR = /^(\w+)(?:\.[\w.]+)?: /u;
/** Claude Opus 4.1 and later refuse the two together: `temperature` and `top_p` cannot both be specified. */
const BOTH = /temperature`? and `?top_p`? cannot both be specified/u;

export const anthropicRefusalRules: RefusalRules = {
  named({ body }: UpstreamRefusal) {
    if (BOTH.test(body.message)) return "top_p";
    return FIELD_ERROR.exec(body.message)?.[1];
  },
  keep: new Set(["model", "messages", "stream", "max_tokens", "system", "tools"]),
  browserName: { thinking: "reasoning_effort", stop_sequences: "stop", metadata: "user" },
};
