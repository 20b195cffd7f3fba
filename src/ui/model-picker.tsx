import { useEffect } from "react";
import { useModelIds } from "../net/models-query.ts";
import { useAppStore } from "../store/react.tsx";
import { useT } from "./i18n/use-t.ts";

const NO_MODELS: string[] = [];

export function ModelPicker() {
  const t = useT();
  const models = useModelIds();
  const model = useAppStore((s) => s.settings.model);
  const updateSettings = useAppStore((s) => s.updateSettings);
  const ids = models.data ?? NO_MODELS;
  const first = ids[0];

  useEffect(() => {
    if (first && !ids.includes(model)) updateSettings({ model: first });
  }, [first, ids, model, updateSettings]);

  return (
    <label className="model-picker">
      <span className="visually-hidden">{t("model")}</span>
      <select
        aria-label={t("model")}
        value={ids.includes(model) ? model : ""}
        onChange={(e) => updateSettings({ model: e.target.value })}
      >
        {ids.length === 0 ? (
          <option value="">{models.isError ? t("modelsUnavailable") : t("loading")}</option>
        ) : null}
        {ids.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
      </select>
    </label>
  );
}
