/** What failed and what to do, by error kind and HTTP status; the English detail is shown below. */
export const errorsEn = {
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
