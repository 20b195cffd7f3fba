import type { RunActivity } from "../../core/agent-types.ts";
import type { StartKey } from "../i18n/en.ts";
import { useT } from "../i18n/use-t.ts";

const WORDS: Record<RunActivity, StartKey> = { summarizing: "context.summarizing" };

/** Where the answer will appear, what the run is doing before it streams (a summary being made). */
export function RunActivityNote({ activity }: { activity: RunActivity }) {
  const t = useT();
  return (
    <p className="run-activity muted" role="status">
      {t(WORDS[activity])}
    </p>
  );
}
