import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useProxyHealth } from "../../net/health-query.ts";
import { modelsQueryOptions, useModelIds } from "../../net/models-query.ts";
import { resolvePipeline } from "../../services/runs/pipeline.ts";
import { useAppStore } from "../../store/react.tsx";
import { useT } from "../i18n/use-t.ts";
import { useServices } from "../use-services.tsx";
import { sendBlock } from "./send-block.ts";
import { visionBlock } from "./vision-block.ts";

/** The models the agents answering next in the open conversation (or a new one) set themselves. */
export function useAgentModels(): string[] {
  const pipeline = useAppStore((s) => {
    const id = s.activeId;
    return id ? (s.bodies[id]?.metadata.pipeline ?? s.previews[id]?.metadata.pipeline) : undefined;
  });
  const agents = useAppStore((s) => s.agents);
  const defaultAgent = useAppStore((s) => s.settings.agent);
  return useMemo(
    () => resolvePipeline(pipeline, agents, defaultAgent).map((a) => a.model),
    [pipeline, agents, defaultAgent],
  );
}

/** Why Send is disabled, in the user's language, or null. Polls `/healthz` through React Query. */
export function useSendBlock(): string | null {
  const t = useT();
  const { proxy } = useServices();
  const health = useProxyHealth(proxy);
  const models = useModelIds(proxy);
  const model = useAppStore((s) => s.settings.model);
  const token = useAppStore((s) => s.settings.accessToken);
  const agentModels = useAgentModels();
  const block = sendBlock({
    healthError: health.isError,
    healthLoading: health.isPending,
    accessTokenRequired: health.data?.accessTokenRequired === true,
    hasAccessToken: token !== "",
    models: models.data ?? null,
    model,
    agentModels,
  });
  return block ? t(block.key, block.vars) : null;
}

/**
 * The model that would answer a message with images but cannot read them, or null; checked when
 * the message is sent, so nothing is sent and nothing is dropped.
 */
export function useImageRefusal(hasImage: boolean): string | null {
  const { proxy } = useServices();
  const listing = useQuery(modelsQueryOptions(proxy));
  const model = useAppStore((s) => s.settings.model);
  const agentModels = useAgentModels();
  return visionBlock(listing.data, model, agentModels, hasImage);
}
