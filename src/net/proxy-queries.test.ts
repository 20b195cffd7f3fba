import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { fakeFetch, jsonResponse } from "../test/fake-fetch.ts";
import {
  fetchProxyHealth,
  HEALTH_DOWN_FIRST_MS,
  HEALTH_DOWN_MAX_MS,
  HEALTH_POLL_MS,
  healthPollMs,
  proxyHealthQueryOptions,
} from "./health-query.ts";
import { fetchModels, modelsQueryOptions } from "./models-query.ts";
import type { ProxyConfig } from "./proxy-config.ts";
import { parseRetryAfter } from "./proxy-error.ts";
import { ProxyRequestError } from "./proxy-request.ts";

function config(respond: () => Response | Promise<Response>, token?: string) {
  const fetch = fakeFetch(respond);
  const cfg: ProxyConfig = { baseUrl: "https://chat.example/", getAccessToken: () => token, fetch };
  return { fetch, cfg };
}

const modelList = {
  object: "list",
  data: [
    { id: "demo", object: "model", created: 0, owned_by: "demo" },
    { id: "openai/gpt-4o", object: "model", created: 0, owned_by: "openai" },
    { id: "", object: "model" },
  ],
  errors: [
    {
      error: {
        type: "model_discovery_failed",
        message: "ollama: could not list models",
        status: 502,
      },
    },
  ],
};

describe("models query", () => {
  it("GETs /v1/models with the token and returns the models and listing problems", async () => {
    const { fetch, cfg } = config(() => jsonResponse(modelList), "tok");
    const listing = await new QueryClient().fetchQuery(modelsQueryOptions(cfg));
    expect(listing.models.map((m) => m.id)).toEqual(["demo", "openai/gpt-4o"]);
    expect(listing.problems).toEqual(["ollama: could not list models"]);
    expect(fetch.requests[0]).toMatchObject({
      url: "https://chat.example/v1/models",
      method: "GET",
      headers: { authorization: "Bearer tok" },
    });
  });

  it("sends no Authorization header without a token", async () => {
    const { fetch, cfg } = config(() => jsonResponse(modelList));
    await fetchModels(cfg);
    expect(fetch.requests[0]?.headers.authorization).toBeUndefined();
  });

  it("throws the proxy's error in words for the user", async () => {
    const body = {
      error: {
        type: "unauthorized",
        message: "Wrong access token: set it in Settings.",
        status: 401,
      },
    };
    const { cfg } = config(() => jsonResponse(body, { status: 401 }));
    const error = await fetchModels(cfg).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProxyRequestError);
    expect((error as ProxyRequestError).error).toEqual({
      code: "http_status",
      status: 401,
      type: "unauthorized",
      detail: "Wrong access token: set it in Settings.",
    });
  });

  it("throws a network error when the proxy cannot be reached", async () => {
    const { cfg } = config(() => {
      throw new TypeError("Failed to fetch");
    });
    const error = (await fetchModels(cfg).catch((e: unknown) => e)) as ProxyRequestError;
    expect(error.error).toEqual({ code: "unreachable", detail: "Failed to fetch" });
  });

  it("rejects a body without a model list", async () => {
    const { cfg } = config(() => jsonResponse({ models: [] }));
    const error = (await fetchModels(cfg).catch((e: unknown) => e)) as ProxyRequestError;
    expect(error.error).toEqual({ code: "bad_response" });
  });

  it("keys the query by the proxy address", () => {
    const { cfg } = config(() => jsonResponse(modelList));
    expect(modelsQueryOptions(cfg).queryKey).toEqual(["proxy", "https://chat.example/", "models"]);
  });
});

describe("health query", () => {
  it("GETs /healthz and reads the providers", async () => {
    const body = {
      status: "ok",
      providers: [
        { id: "demo", kind: "demo", key: null, models: 1 },
        { id: "openai", kind: "openai", key: true, models: "discover" },
      ],
      accessToken: true,
    };
    const { fetch, cfg } = config(() => jsonResponse(body), "tok");
    const health = await fetchProxyHealth(cfg);
    expect(health).toEqual({
      ok: true,
      providers: [
        { id: "demo", kind: "demo" },
        { id: "openai", kind: "openai" },
      ],
      accessTokenRequired: true,
    });
    expect(fetch.requests[0]).toMatchObject({
      url: "https://chat.example/healthz",
      headers: { authorization: "Bearer tok" },
    });
  });

  it("is checked every 30 s while the proxy answers, and again on focus and reconnect", async () => {
    const { cfg } = config(() => jsonResponse({ status: "ok", providers: [], accessToken: false }));
    const client = new QueryClient();
    const options = proxyHealthQueryOptions(cfg);
    await client.fetchQuery(options);
    const query = client.getQueryCache().find({ queryKey: options.queryKey });
    const interval = options.refetchInterval as (q: unknown) => number;
    expect(interval(query)).toBe(HEALTH_POLL_MS);
    expect(options).toMatchObject({ refetchOnWindowFocus: true, refetchOnReconnect: true });
  });

  it("while the proxy is down, is checked again soon, backing off to at most 2.5 s", async () => {
    let up = false;
    const { cfg } = config(() =>
      up
        ? jsonResponse({ status: "ok", providers: [], accessToken: false })
        : Promise.reject(new TypeError("Failed to fetch")),
    );
    const client = new QueryClient();
    const options = proxyHealthQueryOptions({ ...cfg, baseUrl: "https://down.example/" });
    const interval = options.refetchInterval as (q: unknown) => number;
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      await client.fetchQuery({ ...options, staleTime: 0 }).catch(() => undefined);
      waits.push(interval(client.getQueryCache().find({ queryKey: options.queryKey })));
    }
    expect(waits).toEqual([500, 1000, 2000, 2500, 2500]);
    up = true;
    await client.fetchQuery({ ...options, staleTime: 0 });
    expect(interval(client.getQueryCache().find({ queryKey: options.queryKey }))).toBe(
      HEALTH_POLL_MS,
    );
  });

  it("backs off from half a second, doubling, to 2.5 s", () => {
    expect([0, 1, 2, 3, 4, 10].map(healthPollMs)).toEqual([
      HEALTH_POLL_MS,
      HEALTH_DOWN_FIRST_MS,
      1000,
      2000,
      HEALTH_DOWN_MAX_MS,
      HEALTH_DOWN_MAX_MS,
    ]);
  });
});

describe("parseRetryAfter", () => {
  it.each([
    ["7", 7],
    [" 120 ", 120],
    ["Sun, 29 Nov 2026 10:00:30 GMT", 30],
    ["Sun, 29 Nov 2026 09:00:00 GMT", 0],
    ["soon", undefined],
    ["", undefined],
    [null, undefined],
  ])("%j → %s seconds", (value, seconds) => {
    expect(parseRetryAfter(value, Date.UTC(2026, 10, 29, 10, 0, 0))).toBe(seconds);
  });
});
