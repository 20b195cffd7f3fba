import { X } from "lucide-react";
import { type Ref, useState } from "react";
import { useAppStore } from "../store/react.tsx";
import { hasSessions } from "../store/selectors.ts";
import { IconButton } from "./controls/icon-button.tsx";
import { useT } from "./i18n/use-t.ts";
import { ConversationList } from "./sidebar/conversation-list.tsx";
import { useConversationSearch } from "./sidebar/use-conversation-search.ts";
import { SEARCH_ID } from "./use-app-shortcuts.ts";
import { useServices } from "./use-services.tsx";

export const DRAWER_ID = "conversations-drawer";

// A phone has no Ctrl+K to offer.
const COARSE = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;

/** New chat, search over titles and message text, and the conversations, pinned first. */
export function Sidebar({ ref, onClose }: { ref?: Ref<HTMLElement>; onClose: () => void }) {
  const t = useT();
  const { sessions, navigation } = useServices();
  const [query, setQuery] = useState("");
  const { items, searching } = useConversationSearch(query);
  const any = useAppStore(hasSessions);

  return (
    <aside ref={ref} id={DRAWER_ID} className="sidebar">
      <div className="sidebar-head">
        <button
          type="button"
          className="primary new-chat"
          onClick={async () => navigation.navigateTo(await sessions.newSession())}
        >
          {t("newChat")}
        </button>
        <IconButton label={t("closeSidebar")} icon={X} className="drawer-close" onClick={onClose} />
      </div>
      <input
        id={SEARCH_ID}
        type="search"
        aria-label={t("searchConversations")}
        aria-keyshortcuts="Control+K Meta+K"
        placeholder={COARSE ? t("searchConversations") : `${t("searchConversations")} (Ctrl+K)`}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <p className="visually-hidden" role="status">
        {searching ? t("searching") : ""}
      </p>
      <nav aria-label={t("conversations")}>
        {!any ? (
          <p className="muted">{t("noConversations")}</p>
        ) : items.length === 0 && !searching ? (
          <p className="muted">{t("noMatches")}</p>
        ) : (
          <ConversationList items={items} grouped={query.trim() === ""} />
        )}
      </nav>
    </aside>
  );
}
