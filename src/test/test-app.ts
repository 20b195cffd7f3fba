import { type App, compose } from "../app/compose.ts";
import { TITLE_INSTRUCTION } from "../core/agent/title-request.ts";
import { builtinAgents } from "../core/agents.ts";
import type { CoreEnv } from "../core/env.ts";
import type { ModelEvent, ModelRequest } from "../core/model.ts";
import { builtinToolCatalog } from "../core/tools/builtin-catalog.ts";
import { MemorySessionRepository } from "../persistence/memory-repository.ts";
import type { RunLocks, SessionRepository } from "../persistence/repository.ts";
import type { ImportReader } from "../services/import/import-service.ts";
import type { AgentRepository, SettingsStorage, Timers } from "../services/ports.ts";
import { agentLoop } from "../services/runs/agent-loop.ts";
import type { Services } from "../services/services.ts";
import type { AppStore } from "../store/app-store.ts";
import { testEnv } from "./builders.ts";
import { createMemoryAgentRepository } from "./memory-agent-repository.ts";
import { MemoryBlobStore } from "./memory-blobs.ts";
import { ScriptedModel, type ScriptedTurn } from "./scripted-model.ts";

export interface TestAppOptions {
  repository?: SessionRepository;
  runLocks?: RunLocks;
  env?: CoreEnv;
  hasDraft?: (sessionId: string) => boolean;
  timers?: Timers;
  settingsStorage?: SettingsStorage;
  agentRepository?: AgentRepository;
  openImportReader?: () => ImportReader;
  blobs?: MemoryBlobStore;
  /** What the model answers the app's title requests, in order; none by default (the first line stays). */
  titleTurns?: ScriptedTurn[];
}

const byStore = new WeakMap<AppStore, Services>();

/** The services composed with `store` by `testApp`. */
export function servicesOf(store: AppStore): Services {
  const services = byStore.get(store);
  if (!services) throw new Error("servicesOf needs a store made by testApp");
  return services;
}

/** An address bar that only remembers the path. */
function memoryAddress() {
  const location = { pathname: "/" };
  const go = (_data: unknown, _unused: string, url: string) => {
    location.pathname = url;
  };
  return { location, history: { pushState: go, replaceState: go } };
}

/** Session storage in which the conversations `hasDraft` names hold unsent text. */
function draftsWhere(hasDraft: (sessionId: string) => boolean) {
  const prefix = "parley.draft.";
  return {
    getItem: (key: string) =>
      key.startsWith(prefix) && hasDraft(key.slice(prefix.length)) ? "unsent" : null,
    setItem() {},
    removeItem() {},
  };
}

/**
 * The app (store and services, composed as in the browser) over a memory repository (or the one
 * given), a scripted model answering with `turns`, the built-in agents and tools, and settings
 * kept in memory.
 */
export function testApp<R extends SessionRepository = MemorySessionRepository>(
  turns: ScriptedTurn[] = [],
  options: TestAppOptions & { repository?: R } = {},
) {
  const model = new ScriptedModel(turns);
  // Title requests have a script of their own, so a test's turns answer only its sends.
  const titleModel = new ScriptedModel(options.titleTurns ?? []);
  const isTitleRequest = (request: ModelRequest) =>
    request.messages[0]?.content === TITLE_INSTRUCTION;
  const repository = (options.repository ?? new MemorySessionRepository()) as R;
  let saved: unknown;
  const { hasDraft } = options;
  const app: App = compose({
    repository,
    model: () => ({
      stream: (request) =>
        isTitleRequest(request) ? titleModel.stream(request) : model.stream(request),
    }),
    agentLoop: () => Promise.resolve(agentLoop),
    proxyBaseUrl: "",
    env: options.env ?? testEnv(),
    tools: builtinToolCatalog,
    agents: builtinAgents,
    agentRepository: options.agentRepository ?? createMemoryAgentRepository(),
    settingsStorage: options.settingsStorage ?? {
      read: () => saved,
      write: (value: unknown) => {
        saved = value;
      },
    },
    browserLocale: "en-US",
    runLocks: options.runLocks,
    draftStore: hasDraft ? draftsWhere(hasDraft) : null,
    address: memoryAddress(),
    importReader: async () =>
      options.openImportReader ??
      (() => {
        throw new Error("this test app reads no import files");
      }),
    timers: options.timers,
    blobs: options.blobs ?? new MemoryBlobStore(),
    fileReaders: { scaleImage: async (blob) => blob, readPdf: async () => null },
  });
  byStore.set(app.store, app.services);
  return { store: app.store, services: app.services, app, model, titleModel, repository };
}

/** A turn that streams `first`, then waits for `release()` before it streams `rest` and finishes. */
export function heldAnswer(first: string, rest: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const turn: ScriptedTurn = async function* (): AsyncIterable<ModelEvent> {
    yield { type: "text", delta: first };
    await released;
    yield { type: "text", delta: rest };
    yield { type: "finish", reason: "stop" };
  };
  return { turn, release };
}
