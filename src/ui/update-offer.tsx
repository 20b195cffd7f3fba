import { useEffect, useState } from "react";
import { useT } from "./i18n/use-t.ts";

type Update = (reloadPage?: boolean) => Promise<void>;

/**
 * Registers the service worker (`vite.config.ts`; its client is loaded after the first render,
 * outside the initial script) and, when a new deployment is ready, offers to reload into it;
 * the running page is never replaced under the user.
 */
export function UpdateOffer() {
  const t = useT();
  // false: the person chose Later, which holds for this page (their next reload takes the new
  // version); workbox-window can report one waiting worker twice, which re-opened the offer.
  const [update, setUpdate] = useState<{ apply: Update } | null | false>(null);
  useEffect(() => {
    let live = true;
    void import("virtual:pwa-register").then(({ registerSW }) => {
      const apply = registerSW({
        onNeedRefresh: () => {
          if (live) setUpdate((shown) => (shown === false ? shown : { apply }));
        },
      });
    });
    return () => {
      live = false;
    };
  }, []);
  if (!update) return null;
  return (
    <div role="status" className="banner">
      {t("updateReady")}{" "}
      <button type="button" onClick={() => void update.apply(true)}>
        {t("updateReload")}
      </button>{" "}
      <button type="button" onClick={() => setUpdate(false)}>
        {t("updateLater")}
      </button>
    </div>
  );
}
