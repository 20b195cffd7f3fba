import { useT } from "../i18n/use-t.ts";

/** Says why the proxy cannot be used right now; the composer shows the same reason by Send. */
export function ProxyBanner({ reason }: { reason: string | null }) {
  const t = useT();
  if (reason === null) return null;
  return (
    <div role="alert" className="banner">
      <strong>{t("proxyBannerTitle")}</strong> {reason}
    </div>
  );
}
