import { useProxyHealth } from "../../net/health-query.ts";
import { useT } from "../i18n/use-t.ts";
import { useServices } from "../use-services.tsx";
import { useProxyRecheck } from "./use-proxy-recheck.ts";

/**
 * Says why the proxy cannot be used right now; the composer shows the same reason by Send.
 * When the proxy cannot be reached, `Retry now` checks again without waiting for the next check.
 */
export function ProxyBanner({ reason }: { reason: string | null }) {
  const t = useT();
  const { proxy } = useServices();
  const health = useProxyHealth(proxy);
  useProxyRecheck();
  if (reason === null) return null;
  return (
    <div role="alert" className="banner">
      <strong>{t("proxyBannerTitle")}</strong> {reason}{" "}
      {health.isError ? (
        <button type="button" onClick={() => void health.refetch()}>
          {t("proxyRetryNow")}
        </button>
      ) : null}
    </div>
  );
}
