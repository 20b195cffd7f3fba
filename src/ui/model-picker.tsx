import { ChevronDown } from "lucide-react";
import { useEffect } from "react";
import { useModelIds } from "../net/models-query.ts";
import { useAppStore } from "../store/react.tsx";
import { useT } from "./i18n/use-t.ts";
import { useServices } from "./use-services.tsx";

const NO_MODELS: string[] = [];

/**
 * The model for new answers. It picks the proxy's first model only while none is chosen: a
 * chosen model the proxy stopped offering stays chosen, so the banner can say so.
 */
export function ModelPicker() {
  const t = useT();
  const { settings: settingsService, proxy } = useServices();
  const models = useModelIds(proxy);
  const model = useAppStore((s) => s.settings.model);
  const ids = models.data ?? NO_MODELS;
  const first = ids[0];
  const gone = model !== "" && models.data !== undefined && !ids.includes(model);

  useEffect(() => {
    if (first && model === "") settingsService.update({ model: first });
  }, [first, model, settingsService]);

  return (
    <label className="model-picker">
      <span className="visually-hidden">{t("model")}</span>
      <select
        aria-label={t("model")}
        value={ids.includes(model) || gone ? model : ""}
        onChange={(e) => settingsService.update({ model: e.target.value })}
      >
        {ids.length === 0 && !gone ? (
          <option value="">{models.isError ? t("modelsUnavailable") : t("loading")}</option>
        ) : null}
        {gone ? (
          <option value={model} disabled>
            {t("modelGoneOption", { model })}
          </option>
        ) : null}
        {ids.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden="true" className="model-picker-chevron" size={14} />
    </label>
  );
}
