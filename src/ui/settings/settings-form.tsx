import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useModelIds } from "../../net/models-query.ts";
import { useAppStore } from "../../store/react.tsx";
import type { LocalePreference, ThemePreference } from "../../store/settings.ts";
import { agentDisplayName } from "../agents/agent-words.ts";
import { useSectionT } from "../i18n/use-section-t.ts";
import { StorageSettings } from "../storage/storage-settings.tsx";
import { useServices } from "../use-services.tsx";
import { StorageUsage } from "./storage-usage.tsx";
import { SyncSettings } from "./sync-settings.tsx";

/**
 * A new access token asks the proxy again (health, models); a request still running with the
 * old token is cancelled. A token is usually pasted, so this runs once or a few times.
 */
function useRefetchProxyOnTokenChange(token: string) {
  const queryClient = useQueryClient();
  const seen = useRef(token);
  useEffect(() => {
    if (token === seen.current) return;
    seen.current = token;
    void queryClient.invalidateQueries({ queryKey: ["proxy"] });
  }, [token, queryClient]);
}

/** Access token, default model and agent, theme, language and storage usage; saved as they change. */
export function SettingsForm() {
  const t = useSectionT("dialogWords");
  const settings = useAppStore((s) => s.settings);
  const { settings: settingsService, proxy } = useServices();
  const updateSettings = (patch: Parameters<typeof settingsService.update>[0]) =>
    settingsService.update(patch);
  const agents = useAppStore((s) => s.agents);
  const models = useModelIds(proxy).data ?? [];
  const modelOptions = [...new Set([...models, ...(settings.model ? [settings.model] : [])])];
  useRefetchProxyOnTokenChange(settings.accessToken);
  if (!t) return null;

  return (
    <div className="settings-form">
      <section aria-labelledby="settings-proxy">
        <h3 id="settings-proxy">{t("settingsProxy")}</h3>
        <label>
          {t("settingsAccessToken")}
          <input
            type="password"
            autoComplete="off"
            value={settings.accessToken}
            onChange={(e) => updateSettings({ accessToken: e.target.value })}
          />
        </label>
        <p className="muted">{t("settingsAccessTokenHelp")}</p>
      </section>
      <section aria-labelledby="settings-defaults">
        <h3 id="settings-defaults">{t("settingsDefaults")}</h3>
        <label>
          {t("settingsDefaultModel")}
          <select
            value={settings.model}
            onChange={(e) => updateSettings({ model: e.target.value })}
          >
            {modelOptions.length === 0 ? <option value="">{t("settingsNoModels")}</option> : null}
            {modelOptions.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("settingsDefaultAgent")}
          <select
            value={settings.agent}
            onChange={(e) => updateSettings({ agent: e.target.value })}
          >
            {agents.map((a) => (
              <option key={a.name} value={a.name}>
                {agentDisplayName(a.name, t)}
              </option>
            ))}
          </select>
        </label>
      </section>
      <section aria-labelledby="settings-look">
        <h3 id="settings-look">{t("settingsAppearance")}</h3>
        <label>
          {t("settingsTheme")}
          <select
            value={settings.theme}
            onChange={(e) => updateSettings({ theme: e.target.value as ThemePreference })}
          >
            <option value="system">{t("themeSystem")}</option>
            <option value="light">{t("themeLight")}</option>
            <option value="dark">{t("themeDark")}</option>
          </select>
        </label>
        <label>
          {t("settingsLanguage")}
          <select
            value={settings.locale}
            onChange={(e) => updateSettings({ locale: e.target.value as LocalePreference })}
          >
            <option value="auto">{t("languageAuto")}</option>
            <option value="zh" lang="zh-CN">
              中文
            </option>
            <option value="en" lang="en">
              English
            </option>
          </select>
        </label>
      </section>
      <section aria-labelledby="settings-storage">
        <h3 id="settings-storage">{t("settingsStorage")}</h3>
        <StorageUsage />
        <StorageSettings />
      </section>
      <SyncSettings />
    </div>
  );
}
