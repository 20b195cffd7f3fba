import { openBrowserRepository } from "../persistence/open-browser-repository.ts";
import type { SessionRepository } from "../persistence/repository.ts";

/**
 * The database opening and the list of conversations being read. main.tsx imports this module
 * before React and the interface, so IndexedDB works while the rest of the page's code is still
 * being evaluated (about 80 ms at start) instead of after it.
 */
export const repositoryOpening: Promise<SessionRepository> = openBrowserRepository();
