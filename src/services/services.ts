import type { ProxyConfig } from "../net/proxy-config.ts";
import type { AgentsService } from "./agents/agents-service.ts";
import type { Attachments } from "./attachments/attachments.ts";
import type { Drafts } from "./composer/drafts.ts";
import type { UnsentTexts } from "./composer/unsent-texts.ts";
import type { ContextService } from "./context/context-service.ts";
import type { ImportControl } from "./import/lazy-import.ts";
import type { Navigation } from "./navigation.ts";
import type { RunCoordinator } from "./runs/run-coordinator.ts";
import type { Branches } from "./sessions/branches.ts";
import type { Search } from "./sessions/search.ts";
import type { SessionCache } from "./sessions/session-cache.ts";
import type { SessionEdits } from "./sessions/session-edits.ts";
import type { Trash } from "./sessions/trash.ts";
import type { SettingsService } from "./settings/settings-service.ts";
import type { StorageMonitor } from "./storage/storage-monitor.ts";
import type { SyncControl } from "./sync/lazy-sync.ts";

/** Every service of the app, built once by the composition root; the UI calls them through `useServices()`. */
export interface Services {
  sessions: SessionCache;
  edits: SessionEdits;
  branches: Branches;
  trash: Trash;
  search: Search;
  runs: RunCoordinator;
  /** Models' limits, token counts, and what each conversation's last request sent. */
  context: ContextService;
  storage: StorageMonitor;
  settings: SettingsService;
  agents: AgentsService;
  /** Reading, planning and committing imports; its code loads with the first files given. */
  importer: ImportControl;
  drafts: Drafts;
  /** Files waiting to go with the next message, and the reading and storing of new ones. */
  attachments: Attachments;
  unsent: UnsentTexts;
  navigation: Navigation;
  /** Where the model proxy is, for the model-list and health queries. */
  proxy: ProxyConfig;
  /** End-to-end encrypted sync through CouchDB; off until the person turns it on. */
  sync: SyncControl;
}
