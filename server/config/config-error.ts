/** A configuration mistake; its message names the field and what to do. */
export class ConfigError extends Error {
  override name = "ConfigError";
}
