import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SyncFailure } from "../../services/sync/sync-status.ts";
import { StoreProvider } from "../../store/react.tsx";
import { testApp } from "../../test/test-app.ts";
import { dictionaryOf } from "../i18n/dictionaries.ts";
import { ServicesProvider } from "../use-services.tsx";
import { SyncSettings, syncStatusKey } from "./sync-settings.tsx";

// The words of both languages, every section loaded (src/test/setup-dictionaries.ts).
const en = dictionaryOf("en");
const zh = dictionaryOf("zh");

describe("SyncSettings", () => {
  it("has the contract's textboxes, the Turn on sync button and a status saying sync is off", () => {
    const { store, services } = testApp();
    const html = renderToStaticMarkup(
      <StoreProvider store={store}>
        <ServicesProvider services={services}>
          <SyncSettings />
        </ServicesProvider>
      </StoreProvider>,
    );
    for (const name of ["Sync server", "Sync username", "Sync password", "Sync passphrase"])
      expect(html).toMatch(new RegExp(`<label>${name}<input type="text"`));
    expect(html.match(/<input[^>]*class="masked"/g)).toHaveLength(2);
    expect(html).toMatch(/<button type="submit" disabled="">Turn on sync<\/button>/);
    expect(html).toContain(`<p role="status">${en["sync.off"]}</p>`);
  });

  it("words every status and failure in both languages", () => {
    const failures: SyncFailure[] = [
      "wrong_passphrase",
      "unauthorized",
      "forbidden",
      "too_large",
      "no_database",
      "invalid_meta",
      "newer_version",
      "invalid_url",
      "failed",
    ];
    const states = ["off", "unlocking", "syncing", "synced", "offline", "paused"] as const;
    const keys = [
      ...states.map((state) => syncStatusKey({ state })),
      ...failures.map((code) => syncStatusKey({ state: "failed", code })),
    ];
    for (const key of keys) {
      expect(en[key], key).toBeTruthy();
      expect(zh[key], key).toBeTruthy();
    }
    expect(en[syncStatusKey({ state: "synced" })]).toBe("Synced");
  });
});
