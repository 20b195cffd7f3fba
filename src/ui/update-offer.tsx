import { useRegisterSW } from "virtual:pwa-register/react";
import { useT } from "./i18n/use-t.ts";

/**
 * Registers the service worker (`vite.config.ts`) and, when a new deployment is ready, offers
 * to reload into it; the running page is never replaced under the user.
 */
export function UpdateOffer() {
  const t = useT();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <div role="status" className="banner">
      {t("updateReady")}{" "}
      <button type="button" onClick={() => void updateServiceWorker(true)}>
        {t("updateReload")}
      </button>{" "}
      <button type="button" onClick={() => setNeedRefresh(false)}>
        {t("updateLater")}
      </button>
    </div>
  );
}
