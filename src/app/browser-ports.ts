import { builtinAgents } from "../core/agents.ts";
import type { CoreEnv } from "../core/env.ts";
import { builtinToolCatalog } from "../core/tools/builtin-catalog.ts";
import { createLazyModelClient } from "../net/lazy-model-client.ts";
import { createAgentRepository } from "../persistence/agent-repository.ts";
import { createBlobStore } from "../persistence/blob-store.ts";
import { openBrowserRepository } from "../persistence/open-browser-repository.ts";
import { openBrowserRunLocks } from "../persistence/tabs/open-browser-run-locks.ts";
import type { DraftStore } from "../services/composer/drafts.ts";
import { browserFrames, type SettingsStorage } from "../services/ports.ts";
import { LazyTokenCounter } from "../tokens/lazy-counter.ts";
import type { AppPorts } from "./compose.ts";

export const SETTINGS_KEY = "parley.settings";

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

function sessionStore(): DraftStore | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Answers are read off the main thread where the browser has workers (`net/stream-worker`). */
const streamWorker =
  typeof Worker === "function"
    ? () =>
        new Worker(new URL("../net/stream-worker/stream-worker.ts", import.meta.url), {
          type: "module",
        })
    : undefined;

/** The browser's I/O for the app: IndexedDB, the proxy over fetch, Web Locks, storage, the address. */
export async function browserPorts(): Promise<AppPorts> {
  return {
    repository: await openBrowserRepository(),
    model: (proxy) => createLazyModelClient(proxy, streamWorker),
    agentLoop: () => import("../services/runs/agent-loop.ts").then((m) => m.agentLoop),
    proxyBaseUrl: "",
    env: browserEnv,
    tools: builtinToolCatalog,
    agents: builtinAgents,
    agentRepository: createAgentRepository(),
    settingsStorage: localSettings,
    browserLocale: navigator.language,
    runLocks: openBrowserRunLocks(),
    draftStore: sessionStore(),
    address: window,
    importReader: () =>
      import("../interop/import-client.ts").then((m) => () => new m.ImportWorker()),
    frames: browserFrames,
    tokens: new LazyTokenCounter(async () => {
      const [{ createTokenCounter }, { fetchTokenRanks }] = await Promise.all([
        import("../tokens/create-token-counter.ts"),
        import("./token-ranks.ts"),
      ]);
      return createTokenCounter(fetchTokenRanks);
    }),
    blobs: createBlobStore(),
    fileReaders: {
      scaleImage: (blob, edge) =>
        import("../interop/attachments/file-readers.ts").then((m) => m.scaleImage(blob, edge)),
      readPdf: (bytes, maxPages) =>
        import("../interop/attachments/file-readers.ts").then((m) => m.readPdf(bytes, maxPages)),
    },
  };
}
