/** The suite's ports: one base (E2E_PORT) and fixed offsets, so runs on other bases never meet. */
export const SUITE_PORT = Number(process.env.E2E_PORT ?? 4178);

/** The second server of the same build, whose demo model answers without a delay between words. */
export const INSTANT_DEMO_PORT = SUITE_PORT + 1;

/** A server the access-token spec starts itself, with a token set. */
export const ACCESS_TOKEN_PORT = SUITE_PORT + 7;

/** The CouchDB-compatible server (`scripts/sync-server.mjs`, in memory) the sync spec syncs through. */
export const SYNC_PORT = SUITE_PORT + 2;
