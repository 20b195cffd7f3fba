import type { UpstreamRefusal } from "../../upstream/upstream-fetch.ts";
import type { RefusalRules } from "../refused-parameter.ts";

const CODES = new Set([
  "unsupported_parameter",
  "unknown_parameter",
  "unsupported_value",
  "unrecognized_request_argument",
]);

/** How OpenAI-compatible servers name a field they refuse, when they give no `param`. */
const NAMED = [
  /Unrecognized request argument supplied: (\w+)/u,
  /(?:Unsupported|Unknown) parameter: '(\w+)'/u,
  /property '(\w+)' is unsupported/u,
];

/**
 * OpenAI says which field it refuses in `param` (`unsupported_parameter`, `unknown_parameter`,
 * `unsupported_value`); other servers in the message. `max_tokens` is sent again as
 * `max_completion_tokens` (and the other way round), as the refusal asks.
 */
export const openaiRefusalRules: RefusalRules = {
  named({ body }: UpstreamRefusal) {
    if (body.code && CODES.has(body.code) && body.param) return body.param;
    for (const pattern of NAMED) {
      const name = pattern.exec(body.message)?.[1];
      if (name) return name;
    }
    return undefined;
  },
  keep: new Set(["model", "messages", "stream", "tools"]),
  renamed: { max_tokens: "max_completion_tokens", max_completion_tokens: "max_tokens" },
  quiet: new Set(["stream_options"]),
};
