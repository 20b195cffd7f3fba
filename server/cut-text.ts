/**
 * A name a client sent, cut for a log line or an error message: a model id can be as long as
 * the body limit, and echoing it whole would let one request write a megabyte to the log.
 */
export function cutName(name: string, max = 120): string {
  return name.length <= max ? name : `${name.slice(0, max)}… (${name.length} characters)`;
}
