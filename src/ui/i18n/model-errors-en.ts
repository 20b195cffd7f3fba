/**
 * What failed on the model path and what to do, one sentence per error code (and per kind of
 * HTTP status); the proxy's or browser's own words are shown after it as the detail.
 */
export const modelErrorsEn = {
  aborted: "Stopped before the answer was finished.",
  unreachable:
    "Could not reach the model proxy. Check that Parley's server is running and your connection works, then retry.",
  connection_lost:
    "The connection to the model proxy failed or ended early; what arrived is kept. Retry; if it keeps failing, check that the server is running.",
  http_auth: "The model proxy refused the request ({status}). Set the access token in Settings.",
  http_route: "The model proxy does not know this route ({status}). Check the proxy address.",
  http_too_large: "The conversation is too large for the model ({status}). Start a new chat.",
  http_rate_limit: "Too many requests ({status}). Wait a moment, then retry.",
  http_server:
    "The model proxy or its provider failed ({status}). Retry in a moment; if it keeps failing, check the server log.",
  http_status: "The model proxy answered with status {status}. Retry.",
  stream_error: "The model provider reported an error in the middle of the answer. Retry.",
  bad_response:
    "The model's answer could not be read. Retry; if it keeps failing, check the proxy address.",
  nothing_to_answer: "There is nothing to answer yet: write a message first.",
  no_cut_answer: "There is no cut-off answer to continue.",
  step_limit:
    "{agent} used all {maxSteps} model calls it may make for one message without reaching an answer. Retry to let it continue, or simplify the request.",
  context_window_too_small:
    "The model's context window is too small for this agent's instructions and tools. Choose a model with a larger window, or shorten the instructions.",
  context_message_too_large:
    "The newest message is too long for the model, even with every earlier message left out. Shorten it, or start a new chat from an earlier message with Fork.",
  context_provider_refused:
    "The model said the conversation is too long for its context, also with older messages left out. Shorten your message, or start a new chat from an earlier message with Fork.",
  unstorable_tool_call:
    "The model asked for a tool call Parley cannot keep ({tools}), so no tool was run. Retry, or choose another model.",
  length_in_tool_call:
    "The answer reached the model's length limit while writing a call to {tools}, so the call was not run. Retry, or ask for a shorter answer.",
  tool_while_continuing:
    "The model asked for a tool ({tools}) while continuing the answer, so no tool was run. Retry to let it use the tool.",
  answer_too_long: "The answer was longer than {limit} characters, so it was cut there.",
  answering_elsewhere:
    "This conversation is answering in another tab. Wait for it to finish there, or stop it there.",
  no_agent: "No agent is configured. Choose or create an agent in Agents, then send again.",
  unknown: "The answer failed. Retry; if it keeps failing, check the server log.",
} as const;
