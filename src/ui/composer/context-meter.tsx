import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { applySettings } from "../../core/agent/apply-settings.ts";
import type { Message } from "../../core/message.ts";
import { path } from "../../core/tree.ts";
import { useModelFacts } from "../../net/models-query.ts";
import { modelFor, resolvePipeline } from "../../services/runs/pipeline.ts";
import { useAppStore } from "../../store/react.tsx";
import { useLocale, useT } from "../i18n/use-t.ts";
import { useThrottled } from "../messages/use-throttled.ts";
import { useServices } from "../use-services.tsx";
import { ContextGauge } from "./context-gauge.tsx";

const EMPTY: Message[] = [];
/** The draft is measured again at most this often while it is typed. */
const DRAFT_THROTTLE_MS = 250;
/** Share of what a request may take from which the meter warns that the cut will begin. */
const NEAR = 0.9;

/**
 * How much of the model's window the next send would take, with the text being written: the
 * fitted request's tokens against the window, shown as a ring and a share, and in words ("3,400
 * of 8,192 tokens") as its value text and tooltip. It warns when the next send would begin
 * leaving older messages out, or could not be sent at all. A conversation that summarises is
 * measured with its summary in place of what it covers, as the send will fit it.
 */
export function ContextMeter({ sessionId, draft }: { sessionId: string | null; draft: string }) {
  const t = useT();
  const locale = useLocale();
  const { context, proxy } = useServices();
  const all = useAppStore((s) => (sessionId ? s.bodies[sessionId]?.messages : null) ?? EMPTY);
  const leafId = useAppStore((s) => (sessionId ? s.bodies[sessionId]?.leafId : undefined));
  const pipeline = useAppStore((s) =>
    sessionId ? s.bodies[sessionId]?.metadata.pipeline : undefined,
  );
  const conversation = useAppStore((s) => (sessionId ? s.bodies[sessionId]?.settings : undefined));
  const agents = useAppStore((s) => s.agents);
  const settings = useAppStore((s) => s.settings);
  // Measured in a render of its own after the log's: when a long conversation arrives, fitting its
  // 10,000 messages would otherwise add to the task that shows them.
  const messages = useDeferredValue(useMemo(() => path({ messages: all, leafId }), [all, leafId]));
  const first = resolvePipeline(pipeline, agents, settings.agent)[0];
  // What the first stage will be sent with: the conversation's system prompt and max tokens.
  const agent = useMemo(() => first && applySettings(first, conversation), [first, conversation]);
  const facts = useModelFacts(proxy, agent ? modelFor(agent, settings.model) : settings.model);
  const typed = useThrottled(draft, DRAFT_THROTTLE_MS);
  const [counted, setCounted] = useState(0);
  useEffect(() => {
    let live = true;
    const request = { agent: agent ?? { instructions: "", tools: [] }, draft: typed };
    void context.count(messages, facts.contextWindow, request).then(() => {
      if (live) setCounted((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [context, messages, facts.contextWindow, agent, typed]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `counted` says the tokenizer's counts arrived
  const measured = useMemo(
    () =>
      context.measure(
        messages,
        agent ?? { instructions: "", tools: [] },
        typed,
        facts,
        conversation?.overflow,
      ),
    [context, messages, agent, typed, facts, conversation?.overflow, counted],
  );
  const number = new Intl.NumberFormat(locale);
  const vars = { used: number.format(measured.tokens), window: number.format(measured.window) };
  const words = [
    t(measured.estimated ? "context.meterEstimated" : "context.meterText", vars),
    ...(measured.tooLong ? [t("context.meterTooLong")] : []),
    ...(measured.omitted > 0
      ? [t(measured.summarized ? "context.meterSummarized" : "context.meterCut")]
      : []),
  ].join(" · ");
  const near =
    measured.tooLong || (measured.omitted === 0 && measured.tokens >= NEAR * measured.budget);
  return (
    <ContextGauge
      label={t("context.meter")}
      value={Math.min(measured.tokens, measured.window)}
      max={measured.window}
      words={words}
      near={near}
      locale={locale}
    />
  );
}
