import { useMemo, useState } from "react";
import { useAppStore } from "../store/react.tsx";
import { compareSummaries } from "../store/summary.ts";
import { useT } from "./i18n/use-t.ts";
import { navigateTo } from "./navigation.ts";

export function Sidebar() {
  const t = useT();
  const summaries = useAppStore((s) => s.summaries);
  const activeId = useAppStore((s) => s.activeId);
  const runs = useAppStore((s) => s.runs);
  const newSession = useAppStore((s) => s.newSession);
  const [query, setQuery] = useState("");

  const items = useMemo(() => {
    const q = query.trim().toLowerCase();
    const all = Object.values(summaries).sort(compareSummaries);
    return q ? all.filter((s) => s.title.toLowerCase().includes(q)) : all;
  }, [summaries, query]);

  return (
    <aside className="sidebar">
      <button
        type="button"
        className="primary"
        onClick={async () => navigateTo(await newSession())}
      >
        {t("newChat")}
      </button>
      <input
        type="search"
        aria-label={t("searchConversations")}
        placeholder={t("searchConversations")}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <nav aria-label={t("conversations")}>
        {items.length === 0 ? (
          <p className="muted">{t("noConversations")}</p>
        ) : (
          <ul>
            {items.map((s) => (
              <li key={s.id}>
                <a
                  href={`/c/${s.id}`}
                  aria-current={s.id === activeId ? "page" : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    navigateTo(s.id);
                  }}
                >
                  <span className="title">{s.title || t("untitled")}</span>
                  {runs[s.id] ? <span className="badge">{t("generating")}</span> : null}
                </a>
              </li>
            ))}
          </ul>
        )}
      </nav>
    </aside>
  );
}
