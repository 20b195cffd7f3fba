import type { WireNote } from "../../src/core/wire.ts";
import type { ProviderConfig } from "../config/types.ts";
import type { ChatCall, Provider } from "../contract/provider.ts";
import { readLimitedText } from "../upstream/body-chunks.ts";
import { newId } from "../upstream/new-id.ts";
import type { NormalizeOptions, Normalizer } from "../upstream/normalize.ts";
import { fetchUpstream, type UpstreamResult } from "../upstream/upstream-fetch.ts";
import { MAX_EVENT_BYTES, upstreamStream } from "../upstream/upstream-stream.ts";
import { type RefusalRules, withoutRefused } from "./refused-parameter.ts";

/** What differs between two HTTP upstreams: addresses, headers, the request and the stream's dialect. */
export interface HttpDialect {
  chatUrl(provider: ProviderConfig): string;
  modelsUrl(provider: ProviderConfig): string;
  /** Headers with the key, as this upstream wants it. */
  headers(provider: ProviderConfig, accept: string): Record<string, string>;
  /** The request's body, and notes of what was changed to fit the model. */
  body(call: ChatCall): { body: Record<string, unknown>; notes: WireNote[] };
  normalizer(options: NormalizeOptions): Normalizer;
  /** How this upstream names a field it refuses, and which fields may be left out. */
  refusals: RefusalRules;
}

/** A provider over HTTP: posts the translated request, and turns the answer into OpenAI chunks. */
export function httpProvider(dialect: HttpDialect): Provider {
  return {
    async chat(call, runtime) {
      const { provider } = call;
      const post = (body: Record<string, unknown>): Promise<UpstreamResult> =>
        fetchUpstream(
          provider,
          dialect.chatUrl(provider),
          {
            method: "POST",
            headers: {
              ...dialect.headers(provider, "text/event-stream"),
              "content-type": "application/json",
            },
            body: JSON.stringify(body),
          },
          call.signal,
          runtime,
        );
      const fitted = dialect.body(call);
      const notes = [...fitted.notes];
      let result = await post(fitted.body);
      // A field the model refuses, which the proxy did not know about: sent once more without
      // it, before any byte reached the client.
      const resend =
        result.ok || !result.refusal
          ? null
          : withoutRefused(result.refusal, fitted.body, dialect.refusals);
      if (resend) {
        if (resend.note) notes.push(resend.note);
        result = await post(resend.body);
      }
      if (!result.ok) return result;
      const normalizer = dialect.normalizer({
        publicModel: call.publicModel,
        provider: provider.id,
        now: runtime.now,
        newId,
        redact: runtime.redact,
      });
      return {
        ok: true,
        notes,
        events: upstreamStream(
          result.connection,
          normalizer,
          provider,
          runtime.limits,
          runtime.redact,
        ),
      };
    },

    async listModels(provider, runtime, signal) {
      const result = await fetchUpstream(
        provider,
        dialect.modelsUrl(provider),
        { method: "GET", headers: dialect.headers(provider, "application/json") },
        signal,
        { ...runtime, limits: { ...runtime.limits, maxRetries: 0 } },
      );
      if (!result.ok) throw new Error(result.error.message);
      const unexpected = (what: string) =>
        new Error(
          `The upstream "${provider.id}" answered the model list with ${what}. Set its models in the configuration instead.`,
        );
      const { connection } = result;
      const read = await readLimitedText(connection.response, MAX_EVENT_BYTES, connection.touch);
      const stopped = connection.stopReason();
      connection.close();
      if (!read.ok)
        throw unexpected(
          stopped === "idle" || stopped === "duration"
            ? "a list that stopped arriving"
            : "a list that broke off",
        );
      if (read.cut) throw unexpected(`a list larger than ${MAX_EVENT_BYTES / 1024 / 1024} MiB`);
      let json: unknown;
      try {
        json = JSON.parse(read.text);
      } catch {
        // The parser's own message quotes the body, which may hold the key.
        throw unexpected("something that is not JSON");
      }
      const data = (json as { data?: unknown } | null)?.data;
      if (!Array.isArray(data)) throw unexpected("JSON that has no data list");
      return data
        .map((m) => (m as { id?: unknown } | null)?.id)
        .filter((id): id is string => typeof id === "string" && id !== "");
    },
  };
}
