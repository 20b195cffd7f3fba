// First: IndexedDB wakes while the rest of the page's code is evaluated.
import "./storage-start.ts";
import "../core/zod-jitless.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { preloadModelClient } from "../net/lazy-model-client.ts";
import { preloadOverlays } from "../ui/controls/lazy-overlays.tsx";
import { loadDictionary, loadSection } from "../ui/i18n/dictionaries.ts";
import { localeFrom } from "../ui/i18n/use-t.ts";
import { preloadMarkdown } from "../ui/markdown/lazy-markdown.tsx";
import { App } from "./app.tsx";
import { browserPorts, SETTINGS_KEY } from "./browser-ports.ts";
import { compose } from "./compose.ts";
import "../ui/styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html lacks #root");

preloadMarkdown();
void browserPorts().then(async (ports) => {
  const app = compose(ports);
  const { services } = app;
  // Another tab changed the settings (auto-delete among them): this tab follows at once.
  window.addEventListener("storage", (event) => {
    if (event.key === SETTINGS_KEY || event.key === null) services.settings.sync();
  });
  const leave = () => void services.storage.flush(true);
  // beforeunload comes before the browser cuts the model stream of a page being reloaded.
  window.addEventListener("beforeunload", leave);
  window.addEventListener("pagehide", (event) => {
    leave();
    // A page kept in the back-forward cache comes back as it was, so only one that is gone ends.
    if (!event.persisted) app.dispose();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") void services.storage.flush();
  });
  // Back online: sync tries at once rather than at the end of its backoff.
  window.addEventListener("online", () => services.sync.retryNow());
  void services.sessions.init();
  void services.agents.load();
  const { settings, browserLocale } = app.store.getState();
  // Offline without the Chinese chunk cached, the page still starts, in English.
  await loadDictionary(localeFrom(settings.locale, browserLocale)).catch(() => undefined);
  // What the first send needs loads once the page is idle, not before it starts.
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1_000));
  idle(() => {
    void ports.agentLoop().catch(() => undefined);
    preloadModelClient();
    // A failure's alert waits for these words; loaded now, it never has to.
    void loadSection("modelError");
    // The menus and tooltips, so the first menu opened does not wait for its code.
    preloadOverlays();
  });
  createRoot(root).render(
    <StrictMode>
      <App store={app.store} services={services} queryClient={app.queryClient} />
    </StrictMode>,
  );
});
