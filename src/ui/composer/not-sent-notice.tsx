import type { UnsentReason } from "../../services/composer/unsent-texts.ts";
import { useSectionT } from "../i18n/use-section-t.ts";
import { useLocale } from "../i18n/use-t.ts";
import { unsentDetail, unsentWords } from "./unsent-words.ts";

/** Why the message went back into the composer; shown once the model-error words are here. */
export function NotSentNotice({ reason, onClose }: { reason: UnsentReason; onClose: () => void }) {
  const t = useSectionT("modelError");
  const locale = useLocale();
  if (!t) return null;
  const detail = unsentDetail(reason);
  return (
    <div role="alert" className="alert">
      <p>
        {t("composerNotSent", { reason: unsentWords(t, locale, reason) })}
        {detail ? (
          <>
            <br />
            <small className="muted">{t("failDetail", { detail })}</small>
          </>
        ) : null}
      </p>
      <button type="button" onClick={onClose}>
        {t("close")}
      </button>
    </div>
  );
}
