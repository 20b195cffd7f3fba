import { TOKEN_RANKS_URL } from "../tokens/create-token-counter.ts";

/** Fetches the token counter's ranks (an asset of the build) for its worker. */
export async function fetchTokenRanks(): Promise<ArrayBuffer> {
  const response = await fetch(TOKEN_RANKS_URL);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return response.arrayBuffer();
}
