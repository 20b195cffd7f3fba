import { QueryClient } from "@tanstack/react-query";
import type { AgentConfig } from "../core/agent-types.ts";
import type { TokenCounter } from "../core/context/token-count.ts";
import type { CoreEnv } from "../core/env.ts";
import type { ModelClient } from "../core/model.ts";
import type { ToolCatalog } from "../core/tool-registry.ts";
import { modelFactsFor, modelsQueryOptions } from "../net/models-query.ts";
import type { ProxyConfig } from "../net/proxy-config.ts";
import type { BlobStore, RunLocks, SessionRepository } from "../persistence/repository.ts";
import { mergeAgents } from "../services/agents/agent-rules.ts";
import { AgentsService } from "../services/agents/agents-service.ts";
import { Attachments, type FileReaders } from "../services/attachments/attachments.ts";
import { BlobSweeper } from "../services/attachments/blob-sweeper.ts";
import { type DraftStore, Drafts } from "../services/composer/drafts.ts";
import { UnsentTexts } from "../services/composer/unsent-texts.ts";
import { ContextService } from "../services/context/context-service.ts";
import type { ImportReader } from "../services/import/import-service.ts";
import { LazyImport } from "../services/import/lazy-import.ts";
import { type AddressBar, Navigation } from "../services/navigation.ts";
import type {
  AgentRepository,
  FrameScheduler,
  SettingsStorage,
  Timers,
} from "../services/ports.ts";
import type { AgentLoop } from "../services/runs/agent-loop.ts";
import { RunClaims } from "../services/runs/run-claims.ts";
import { RunCoordinator } from "../services/runs/run-coordinator.ts";
import { Titles } from "../services/runs/titles.ts";
import type { Services } from "../services/services.ts";
import { Branches } from "../services/sessions/branches.ts";
import { Search } from "../services/sessions/search.ts";
import { SessionCache } from "../services/sessions/session-cache.ts";
import { SessionEdits } from "../services/sessions/session-edits.ts";
import { Trash } from "../services/sessions/trash.ts";
import { readSettings, SettingsService } from "../services/settings/settings-service.ts";
import { StorageMonitor } from "../services/storage/storage-monitor.ts";
import { LazySync } from "../services/sync/lazy-sync.ts";
import { initialState } from "../store/app-state.ts";
import { type AppStore, createAppStore } from "../store/app-store.ts";
import { LazyTokenCounter } from "../tokens/lazy-counter.ts";

/** Everything from outside that the app is built on: real I/O in the browser, fakes in tests. */
export interface AppPorts {
  repository: SessionRepository;
  /** The model client, given how to reach the proxy (its access token read from the settings). */
  model(proxy: ProxyConfig): ModelClient;
  /** The agent loop (`services/runs/agent-loop.ts`): a lazily loaded chunk in the browser. */
  agentLoop(): Promise<AgentLoop>;
  /** Where the proxy is; "" for the page's own origin. */
  proxyBaseUrl: string;
  env: CoreEnv;
  /** The tools agents may name, as the model is told of them; their code loads with the agent loop. */
  tools: ToolCatalog;
  agents: readonly AgentConfig[];
  agentRepository: AgentRepository;
  settingsStorage: SettingsStorage;
  /** The locale the browser prefers, e.g. `navigator.language`. */
  browserLocale: string;
  /** Which sessions generate in other tabs; without it every run may start. */
  runLocks?: RunLocks | undefined;
  /** Session storage for the composer's drafts; null keeps them in memory only. */
  draftStore: DraftStore | null;
  address: AddressBar;
  /** How to open the import worker's client: a lazily loaded chunk in the browser. */
  importReader(): Promise<() => ImportReader>;
  /** Where attachment bytes are stored, by hash. */
  blobs: BlobStore;
  /** Scaling images and reading PDFs, off the page's thread. */
  fileReaders: FileReaders;
  /** The services' own delays (checkpoints, auto-delete); the browser's when absent. */
  timers?: Timers | undefined;
  /** When streamed text reaches the store: once a frame in the browser, as it comes when absent. */
  frames?: FrameScheduler | undefined;
  /** The tokenizer, in a worker on the page; without it every count is the estimate. */
  tokens?: TokenCounter | undefined;
}

export interface App {
  store: AppStore;
  /** Server state (the proxy's models and health), shared by the UI's queries and the services. */
  queryClient: QueryClient;
  services: Services;
  /** Ends every subscription and timer of the services (the page is gone). */
  dispose(): void;
}

/** The composition root: builds the store and the services on `ports`, each given what it needs. */
export function compose(ports: AppPorts): App {
  const { repository, env, runLocks, timers } = ports;
  const store = createAppStore(
    initialState({
      settings: readSettings(ports.settingsStorage.read()),
      browserLocale: ports.browserLocale,
      agents: mergeAgents(ports.agents, []),
      storageFault: repository.currentFault(),
    }),
  );
  const proxy: ProxyConfig = {
    baseUrl: ports.proxyBaseUrl,
    getAccessToken: () => store.getState().settings.accessToken || undefined,
  };
  const drafts = new Drafts(ports.draftStore);
  const sessions = new SessionCache(store, {
    repository,
    env,
    runLocks,
    hasDraft: (id) => drafts.get(id).trim() !== "",
  });
  const claims = new RunClaims(store, { runLocks, sessions });
  const attachments = new Attachments(ports.blobs, ports.fileReaders, (storageFault) =>
    store.setState({ storageFault }),
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
  const context = new ContextService(store, {
    tools: ports.tools,
    tokens: ports.tokens ?? new LazyTokenCounter(),
    // A send waits for the list at most once: a failed read falls back to the defaults at once.
    facts: async (model) => {
      const options = modelsQueryOptions(proxy);
      const listing =
        queryClient.getQueryData(options.queryKey) ??
        (await queryClient.fetchQuery({ ...options, retry: false }));
      return modelFactsFor(listing, model);
    },
  });
  const model = ports.model(proxy);
  const titles = new Titles({
    sessions,
    model,
    agentLoop: ports.agentLoop,
    env,
  });
  const runs = new RunCoordinator(store, {
    titles,
    context,
    sessions,
    claims,
    repository,
    model,
    agentLoop: ports.agentLoop,
    env,
    timers,
    frames: ports.frames,
    readImage: (hash) => attachments.dataUrl(hash),
  });
  const settings = new SettingsService(store, ports.settingsStorage);
  const agents = new AgentsService(store, {
    builtins: ports.agents,
    tools: ports.tools,
    repository: ports.agentRepository,
  });
  const sweeper = new BlobSweeper(store, {
    blobs: ports.blobs,
    readMany: (ids) => sessions.readMany(ids),
    held: () => attachments.held(),
  });
  const nextTask = () =>
    new Promise<void>((resolve) => {
      setTimeout(resolve, 0);
    });
  const services: Services = {
    sessions,
    edits: new SessionEdits(store, { sessions, env }),
    branches: new Branches(store, { sessions, env }),
    trash: new Trash(store, {
      repository,
      sessions,
      stopRun: (id) => runs.stop(id),
      afterRemoved: () => void sweeper.sweep(),
    }),
    search: new Search(store, repository),
    runs,
    context,
    storage: new StorageMonitor(store, { repository, settings, runs, clock: env.clock, timers }),
    settings,
    agents,
    importer: new LazyImport(async () => {
      const [{ ImportService }, openReader] = await Promise.all([
        import("../services/import/import-service.ts"),
        ports.importReader(),
      ]);
      return new ImportService(store, {
        repository,
        env,
        readMany: (ids) => sessions.readMany(ids),
        openReader,
        blobs: attachments,
        nextTask,
      });
    }),
    drafts,
    attachments,
    unsent: new UnsentTexts(),
    navigation: new Navigation(ports.address),
    proxy,
    sync: new LazySync(async () =>
      (await import("./compose-sync.ts")).composeSync({
        repository,
        store,
        sessions,
        agents,
        settings,
        attachments,
        nextTask,
        deleteArrived: (id) => services.trash.delete(id),
      }),
    ),
  };
  const disposables = [
    sessions,
    claims,
    runs,
    titles,
    services.storage,
    services.importer,
    services.navigation,
    services.sync,
  ];
  return {
    store,
    queryClient,
    services,
    dispose: () => {
      for (const service of disposables) service.dispose();
    },
  };
}
