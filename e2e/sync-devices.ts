import { type APIRequestContext, type Browser, expect, type TestInfo } from "@playwright/test";
import { ChatPage } from "./chat-page.ts";
import { INSTANT_DEMO_PORT, SYNC_PORT } from "./ports.ts";

/** The CouchDB-compatible server the sync specs sync through (`scripts/sync-server.mjs`). */
export const SYNC = `http://127.0.0.1:${SYNC_PORT}`;

/**
 * A device: its own browser context (its own IndexedDB), with the app open on the server whose
 * demo model answers at once (the sync specs are about sync, not streaming).
 */
export async function device(browser: Browser) {
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${INSTANT_DEMO_PORT}` });
  const chat = new ChatPage(await context.newPage());
  await chat.open();
  return { context, chat };
}

/** Turns on sync in Settings; returns the sync status, with Settings left open. */
export async function turnOnSync(chat: ChatPage, server: string, passphrase: string) {
  const settings = await chat.openSettings();
  await settings.getByRole("textbox", { name: "Sync server" }).fill(server);
  await settings.getByRole("textbox", { name: "Sync passphrase" }).fill(passphrase);
  await settings.getByRole("button", { name: "Turn on sync" }).click();
  return settings.getByRole("status").filter({ hasText: /sync|passphrase/i });
}

/** Answers as CouchDB would, with the CORS headers the app's origin needs. */
export function couchAnswer(status: number, body: { error: string; reason: string }) {
  return {
    status,
    contentType: "application/json",
    headers: {
      "access-control-allow-origin": `http://127.0.0.1:${INSTANT_DEMO_PORT}`,
      "access-control-allow-credentials": "true",
    },
    body: JSON.stringify(body),
  };
}

/** A new, empty database on the sync server, named for the test and its worker. */
export async function freshDatabase(request: APIRequestContext, tag: string, testInfo: TestInfo) {
  const database = `${SYNC}/parley-${tag}-${testInfo.workerIndex}-${Date.now()}`;
  expect((await request.put(database)).status()).toBe(201);
  return database;
}
