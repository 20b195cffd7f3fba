/** A line of the JSON access log: never a body, a key or a token. */
export type LogEntry = Record<string, string | number | boolean | null | undefined>;
