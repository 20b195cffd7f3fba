import { ConfigError } from "./config/config-error.ts";

/** Where `npm start` listens: `PORT` (default 8787) and `HOST` (default 127.0.0.1), checked. */
export function listenAddress(env: Record<string, string | undefined>): {
  port: number;
  host: string;
} {
  const rawPort = env.PORT?.trim() || "8787";
  const port = Number(rawPort);
  if (!/^\d+$/u.test(rawPort) || port > 65535) {
    throw new ConfigError(
      `PORT must be a port number from 0 to 65535 (got "${rawPort}"). For example: PORT=8788 npm start`,
    );
  }
  const host = env.HOST?.trim() || "127.0.0.1";
  if (/[\s/]/u.test(host)) {
    throw new ConfigError(
      `HOST must be an address to listen on, such as 127.0.0.1 or 0.0.0.0 (got "${host}").`,
    );
  }
  return { port, host };
}
