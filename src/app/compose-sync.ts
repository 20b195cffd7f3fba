import type { SessionRepository } from "../persistence/repository.ts";
import { mergeSessions } from "../persistence/tabs/merge.ts";
import type { AgentsService } from "../services/agents/agents-service.ts";
import type { Attachments } from "../services/attachments/attachments.ts";
import { writeImport } from "../services/import/import-write.ts";
import type { SessionCache } from "../services/sessions/session-cache.ts";
import type { SettingsService } from "../services/settings/settings-service.ts";
import { agentsSet, settingsSet } from "../services/sync/app-sets.ts";
import { SyncService } from "../services/sync/sync-service.ts";
import type { AppStore } from "../store/app-store.ts";
import { browserSealer } from "../sync/crypto/browser-sealer.ts";
import { loadBrowserPouch } from "../sync/replication/load-browser-pouch.ts";

/** What the app's sync service is built on. */
export interface SyncDeps {
  repository: SessionRepository;
  store: AppStore;
  sessions: SessionCache;
  agents: AgentsService;
  settings: SettingsService;
  /** The attachments' bytes: what arrives is stored through it, so the screen shows it. */
  attachments: Attachments;
  nextTask(): Promise<void>;
  /** Moves a conversation deleted on another device to the trash, with its Undo. */
  deleteArrived(id: string): Promise<void>;
}

/**
 * The app's sync service, loaded when sync is turned on (`LazySync`): everything it imports
 * stays out of the initial script, the composition root keeps one `import()` of this module.
 */
export function composeSync(deps: SyncDeps): SyncService {
  const { repository, store, sessions, nextTask } = deps;
  return new SyncService({
    repository,
    loadPouch: loadBrowserPouch,
    sealer: browserSealer,
    sessionIds: () => Object.keys(store.getState().summaries),
    write: async (arrived) => {
      const readMany = (ids: readonly string[]) => sessions.readMany(ids);
      const written = await writeImport({ access: store, repository, readMany, nextTask }, arrived);
      if (written.ok) return true;
      const { error } = written;
      return error.code === "not_imported" && error.fault.kind === "quota" ? "full" : false;
    },
    merge: mergeSessions,
    nextTask,
    deleteArrived: deps.deleteArrived,
    inTrash: (id) => store.getState().lastDeleted?.id === id,
    blobs: {
      get: (hash) => deps.attachments.blob(hash),
      put: (h, b) => deps.attachments.put(h, b),
      hashes: () => deps.attachments.hashes(),
    },
    sets: [agentsSet(store, deps.agents), settingsSet(store, deps.settings)],
  });
}
