/** What failed and what to do, by error kind and HTTP status; the English detail is shown below. */
export const errorsEn = {
  failAuth: "The model proxy refused the request ({status}). Set the access token in Settings.",
  failRoute: "The model proxy does not know this route ({status}). Check the proxy address.",
  failTooLarge: "The conversation is too large for the model ({status}). Start a new chat.",
  failRateLimit: "Too many requests ({status}). Wait a moment, then retry.",
  failServer:
    "The model proxy or its provider failed ({status}). Retry in a moment; if it keeps failing, check the server log.",
  failStatus: "The model proxy answered with status {status}. Retry.",
  failNetwork:
    "The connection to the model proxy failed or ended early; what arrived is kept. Retry; if it keeps failing, check that the server is running.",
  failProtocol:
    "The model's answer could not be read. Retry; if it keeps failing, check the proxy.",
  failToolCut:
    "The answer hit the model's length limit while writing a tool call, so the call was not run. Retry, or ask for a shorter answer.",
  failNoInput: "There is nothing to answer yet: write a message first.",
  failElsewhere:
    "This conversation is answering in another tab. Wait for it to finish there, or stop it there.",
  failNoAgent: "No agent is configured. Choose or create an agent in Agents, then send again.",
  failUnknown: "The answer failed. Retry; if it keeps failing, check the server log.",
  stepLimitHelp:
    "The agent used all the model calls it may make for one message without reaching an answer. Retry to let it continue, or simplify the request.",
  failDetail: "Details: {detail}",
  toolShowAll: "Show all {size} characters",
  toolShowLess: "Show less",
  toolShownPart: "Showing the first {shown} of {size} characters.",
  agentRemove: "Remove",
  agentDeleted: "Agent {name} removed.",
  agentResetDone: "Agent {name} reset to its original settings.",
  modelGoneOption: "{model} (no longer offered)",
} as const;
