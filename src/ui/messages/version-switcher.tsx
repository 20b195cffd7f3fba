import { ChevronLeft, ChevronRight } from "lucide-react";
import { useLayoutEffect, useRef } from "react";
import { mayBranch, versionsOf } from "../../core/tree.ts";
import type { AppState } from "../../store/app-state.ts";
import { useAppStore } from "../../store/react.tsx";
import { useT } from "../i18n/use-t.ts";
import { afterNextPaint } from "../next-paint.ts";
import { useServices } from "../use-services.tsx";
import { useKeepPlace } from "../virtual/keep-place.ts";

const NONE: readonly string[] = [];

/** The version just switched to, where its message sat on screen, and which button had focus. */
let arriving: { id: string; top: number; button: "previous" | "next" } | null = null;

function versionIds(s: AppState, messageId: string): readonly string[] {
  const body = s.activeId ? s.bodies[s.activeId] : undefined;
  // The tree's children lists are cached per message list, so this selects a stable array.
  return body && mayBranch(body.messages) ? versionsOf(body.messages, messageId).ids : NONE;
}

/**
 * `Version N of M` with Previous and Next, on a message that has other versions. Switching
 * shows that version's branch; the new version's message is kept where the old one sat on the
 * screen, and the button pressed keeps the focus (the other one, once it is disabled).
 */
export function VersionSwitcher({ messageId }: { messageId: string }) {
  const t = useT();
  const { branches } = useServices();
  const sessionId = useAppStore((s) => s.activeId);
  const ids = useAppStore((s) => versionIds(s, messageId));
  const busy = useAppStore((s) =>
    Boolean(s.activeId && (s.runs[s.activeId] || s.remoteRuns[s.activeId])),
  );
  const group = useRef<HTMLFieldSetElement>(null);
  const keepPlace = useKeepPlace();

  useLayoutEffect(() => {
    const landing = arriving;
    const here = group.current;
    if (!landing || landing.id !== messageId || !here) return;
    arriving = null;
    const log = here.closest<HTMLElement>("[role='log']");
    const moved = here.getBoundingClientRect().top - landing.top;
    if (log) log.scrollTop += moved;
    const other = landing.button === "previous" ? "next" : "previous";
    const pressed = here.querySelector<HTMLButtonElement>(`[data-step='${landing.button}']`);
    // At the first or last version the pressed button is disabled: the other one takes the focus.
    const focus = pressed?.disabled
      ? here.querySelector<HTMLButtonElement>(`[data-step='${other}']`)
      : pressed;
    focus?.focus({ preventScroll: true });
  }, [messageId]);

  const index = ids.indexOf(messageId);
  if (ids.length < 2 || index < 0 || !sessionId) return null;
  const go = (step: -1 | 1) => {
    const target = ids[index + step];
    if (target === undefined) return;
    arriving = {
      id: target,
      top: group.current?.getBoundingClientRect().top ?? 0,
      button: step < 0 ? "previous" : "next",
    };
    // The log must not follow a longer branch to its end: this message keeps its place.
    const release = keepPlace();
    void branches.showVersion(sessionId, target).then((shown) => {
      if (shown) afterNextPaint(release);
      else release();
    });
  };
  const label = t("versionOf", { n: index + 1, count: ids.length });
  return (
    <fieldset ref={group} className="versions" aria-label={label}>
      <button
        type="button"
        className="icon-button"
        data-step="previous"
        aria-label={t("previousVersion")}
        disabled={busy || index === 0}
        onClick={() => go(-1)}
      >
        <ChevronLeft aria-hidden="true" size={16} strokeWidth={1.75} />
      </button>
      <span aria-hidden="true">
        {index + 1} / {ids.length}
      </span>
      <button
        type="button"
        className="icon-button"
        data-step="next"
        aria-label={t("nextVersion")}
        disabled={busy || index === ids.length - 1}
        onClick={() => go(1)}
      >
        <ChevronRight aria-hidden="true" size={16} strokeWidth={1.75} />
      </button>
    </fieldset>
  );
}
