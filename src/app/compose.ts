import { QueryClient } from "@tanstack/react-query";
import { builtinAgents } from "../core/agents.ts";
import type { CoreEnv } from "../core/env.ts";
import { builtinToolRegistry } from "../core/tool-registry.ts";
import { createHttpModelClient } from "../net/http-model-client.ts";
import { configureProxy } from "../net/proxy-config.ts";
import { createAgentRepository } from "../persistence/agent-repository.ts";
import { openBrowserRepository } from "../persistence/open-browser-repository.ts";
import { openBrowserRunLocks } from "../persistence/open-browser-run-locks.ts";
import { createAppStore } from "../store/app-store.ts";
import type { SettingsStorage } from "../store/deps.ts";
import { drafts } from "../ui/composer/drafts.ts";

const SETTINGS_KEY = "parley.settings";

const browserEnv: CoreEnv = {
  clock: { now: () => Date.now() },
  randomBytes: (length) => crypto.getRandomValues(new Uint8Array(length)),
};

const localSettings: SettingsStorage = {
  read() {
    try {
      const raw = localStorage.getItem(SETTINGS_KEY);
      return raw ? JSON.parse(raw) : undefined;
    } catch {
      return undefined;
    }
  },
  write(value) {
    try {
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(value));
    } catch {
      // Settings are a convenience; a full or blocked localStorage must not break the chat.
    }
  },
};

/** The composition root: real I/O wired into the store. */
export async function composeApp() {
  const repository = await openBrowserRepository();
  // One proxy configuration for the model client and the health and model-list queries.
  configureProxy({ getAccessToken: () => store.getState().settings.accessToken || undefined });
  const store = createAppStore({
    repository,
    model: createHttpModelClient(),
    env: browserEnv,
    tools: builtinToolRegistry,
    agents: builtinAgents,
    settingsStorage: localSettings,
    browserLocale: navigator.language,
    agentRepository: createAgentRepository(),
    runLocks: openBrowserRunLocks(),
    hasDraft: (id) => drafts.get(id).trim() !== "",
  });
  // Another tab changed the settings (auto-delete among them): this tab follows at once.
  window.addEventListener("storage", (event) => {
    if (event.key === SETTINGS_KEY || event.key === null) store.getState().syncSettings();
  });
  const leave = () => void store.getState().flushStorage(true);
  // beforeunload comes before the browser cuts the model stream of a page being reloaded.
  addEventListener("beforeunload", leave);
  addEventListener("pagehide", leave);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") void store.getState().flushStorage();
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
  void store.getState().init();
  void store.getState().loadAgents();
  return { store, queryClient };
}
