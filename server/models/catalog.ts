import type { WireModel } from "../../src/core/wire.ts";
import type { ProviderConfig } from "../config/types.ts";
import type { ModelInfo } from "../contract/model-info.ts";
import type { ProviderRuntime } from "../contract/provider.ts";
import { cutName } from "../cut-text.ts";
import { type ProxyError, proxyError } from "../errors.ts";
import type { LogEntry } from "../log-entry.ts";
import { providerFor } from "../providers/registry.ts";
import { looksLikeCredential } from "./credential-like.ts";
import { modelInfoFor } from "./model-info.ts";

interface Listing {
  models: string[];
  at: number;
  expiresAt: number;
  error?: string;
}

const RETRY_FAILED_LISTING_MS = 30_000;

/** A model id resolved to its provider and the name its upstream knows. */
export interface ResolvedModel {
  provider: ProviderConfig;
  model: string;
  publicModel: string;
  info: ModelInfo;
}

/**
 * Model ids for the configured providers: fixed lists, or the upstream's own list, cached. A
 * listed id that looks like a credential is left out, and logged (without the id).
 */
export class ModelCatalog {
  private readonly listings = new Map<string, Listing>();
  private readonly pending = new Map<string, Promise<Listing>>();

  constructor(
    private readonly providers: ProviderConfig[],
    private readonly runtime: ProviderRuntime,
    private readonly log: (entry: LogEntry) => void,
  ) {}

  /** The public id of an upstream model: `demo`, or `<provider>/<model>`. */
  static publicId(provider: ProviderConfig, model: string): string {
    return provider.kind === "demo" ? "demo" : `${provider.id}/${model}`;
  }

  /** Every model on offer, and the providers whose listing failed. */
  async list(): Promise<{ models: WireModel[]; errors: ProxyError[] }> {
    const models: WireModel[] = [];
    const errors: ProxyError[] = [];
    const listings = await Promise.all(this.providers.map((p) => this.listing(p)));
    this.providers.forEach((provider, i) => {
      const listing = listings[i];
      if (!listing) return;
      if (listing.error)
        errors.push(
          proxyError("model_discovery_failed", 502, listing.error, { provider: provider.id }),
        );
      for (const model of listing.models) {
        const info = modelInfoFor(provider, model);
        models.push({
          id: ModelCatalog.publicId(provider, model),
          object: "model",
          created: Math.floor(listing.at / 1000),
          owned_by: provider.id,
          context_window: info.contextWindow,
          max_output_tokens: info.maxOutputTokens,
          vision: info.vision,
          reasoning: info.reasoning,
        });
      }
    });
    return { models, errors };
  }

  /** The status of each provider's model list, for `/healthz`. */
  status(): Array<{ id: string; models: number | null; error?: string }> {
    return this.providers.map((p) => {
      const listing = this.known(p);
      const entry: { id: string; models: number | null; error?: string } = {
        id: p.id,
        models: listing ? listing.models.length : null,
      };
      if (listing?.error) entry.error = listing.error;
      return entry;
    });
  }

  /** Finds the provider of a model id; the error says which ids exist. */
  resolve(id: string): { ok: true; model: ResolvedModel } | { ok: false; error: ProxyError } {
    const demo = this.providers.find((p) => p.kind === "demo");
    if (id === "demo" && demo) {
      const info = modelInfoFor(demo, "demo");
      return { ok: true, model: { provider: demo, model: "demo", publicModel: id, info } };
    }
    const slash = id.indexOf("/");
    const prefix = slash > 0 ? id.slice(0, slash) : "";
    const provider = this.providers.find((p) => p.id === prefix && p.kind !== "demo");
    const model = id.slice(slash + 1);
    const notFound = (why: string) =>
      proxyError(
        "model_not_found",
        404,
        `${why} Pick a model listed by GET /v1/models (ids look like "provider/model").`,
        provider ? { provider: provider.id } : {},
      );
    if (!provider || model === "") {
      return {
        ok: false,
        error: notFound(`No configured provider offers the model "${cutName(id)}".`),
      };
    }
    const listing = this.known(provider);
    if (listing && !listing.error && !listing.models.includes(model)) {
      return {
        ok: false,
        error: notFound(
          `The provider "${provider.id}" does not offer the model "${cutName(model)}".`,
        ),
      };
    }
    const info = modelInfoFor(provider, model);
    return { ok: true, model: { provider, model, publicModel: id, info } };
  }

  private known(provider: ProviderConfig): Listing | undefined {
    if (provider.models !== "discover") {
      return { models: provider.models, at: 0, expiresAt: Number.POSITIVE_INFINITY };
    }
    return this.listings.get(provider.id);
  }

  private listing(provider: ProviderConfig): Promise<Listing> {
    const known = this.known(provider);
    if (known && this.runtime.now() < known.expiresAt) return Promise.resolve(known);
    const running = this.pending.get(provider.id);
    if (running) return running;
    const refresh = this.discover(provider).finally(() => this.pending.delete(provider.id));
    this.pending.set(provider.id, refresh);
    return refresh;
  }

  private async discover(provider: ProviderConfig): Promise<Listing> {
    const at = this.runtime.now();
    const signal = AbortSignal.timeout(this.runtime.limits.connectTimeoutMs);
    try {
      const listed = await providerFor(provider.kind).listModels(provider, this.runtime, signal);
      const models = listed.filter((id) => !looksLikeCredential(id, this.runtime.redact));
      if (models.length < listed.length)
        this.log({
          time: new Date(at).toISOString(),
          event: "model_id_dropped",
          provider: provider.id,
          count: listed.length - models.length,
          message: `The upstream "${provider.id}" listed model ids that look like credentials; they are left out of the model list.`,
        });
      const listing = {
        models: [...models].sort(),
        at,
        expiresAt: at + this.runtime.limits.discoveryTtlMs,
      };
      this.listings.set(provider.id, listing);
      return listing;
    } catch (error) {
      const message = this.runtime.redact((error as Error).message);
      this.log({
        time: new Date(at).toISOString(),
        event: "model_discovery_failed",
        provider: provider.id,
        message,
      });
      const previous = this.listings.get(provider.id);
      const expiresAt = at + Math.min(RETRY_FAILED_LISTING_MS, this.runtime.limits.discoveryTtlMs);
      const listing: Listing = { models: previous?.models ?? [], at, expiresAt, error: message };
      this.listings.set(provider.id, listing);
      return listing;
    }
  }
}
