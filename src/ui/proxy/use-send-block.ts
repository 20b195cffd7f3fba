import { useProxyHealth } from "../../net/health-query.ts";
import { useModelIds } from "../../net/models-query.ts";
import { useAppStore } from "../../store/react.tsx";
import { useT } from "../i18n/use-t.ts";
import { sendBlock } from "./send-block.ts";

/** Why Send is disabled, in the user's language, or null. Polls `/healthz` through React Query. */
export function useSendBlock(): string | null {
  const t = useT();
  const health = useProxyHealth();
  const models = useModelIds();
  const model = useAppStore((s) => s.settings.model);
  const token = useAppStore((s) => s.settings.accessToken);
  const block = sendBlock({
    healthError: health.isError,
    healthLoading: health.isPending,
    accessTokenRequired: health.data?.accessTokenRequired === true,
    hasAccessToken: token !== "",
    models: models.data ?? null,
    model,
  });
  return block ? t(block.key, block.vars) : null;
}
