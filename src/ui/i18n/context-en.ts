/** Words about the model's context: the fit's marker, the meter, and a conversation that cannot fit. */
export const contextEn = {
  full: "The conversation is too long for the model, even with older messages left out. Shorten your message, or start a new chat from an earlier message with Fork.",
  notSent: "Earlier messages are not sent",
  notSentDetail:
    "The model's context holds only the messages below this line; the {count} earlier {count|message stays|messages stay} in the conversation.",
  summary: "Summary of {count} earlier {count|message|messages}",
  summaryDetail: "Written by the model, sent in place of the messages it covers.",
  meter: "Context used",
  meterText: "{used} of {window} tokens",
  meterEstimated: "about {used} of {window} tokens",
  meterCut: "older messages are left out",
  meterSummarized: "older messages are sent as a summary",
  meterTooLong: "too long to send",
  summarizing: "Summarising earlier messages…",
};
