import type { WireModel } from "../../src/core/wire.ts";
import type { ProviderConfig } from "../config/types.ts";
import { type ProxyError, proxyError } from "../errors.ts";
import type { ProviderRuntime } from "../providers/provider.ts";
import { providerFor } from "../providers/registry.ts";

interface Listing {
  models: string[];
  at: number;
  error?: string;
}

/** A model id resolved to its provider and the name its upstream knows. */
export interface ResolvedModel {
  provider: ProviderConfig;
  model: string;
  publicModel: string;
}

/** Model ids for the configured providers: fixed lists, or the upstream's own list, cached. */
export class ModelCatalog {
  private readonly listings = new Map<string, Listing>();
  private readonly pending = new Map<string, Promise<Listing>>();

  constructor(
    private readonly providers: ProviderConfig[],
    private readonly runtime: ProviderRuntime,
    private readonly onDiscoveryError: (provider: string, message: string) => void,
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
        models.push({
          id: ModelCatalog.publicId(provider, model),
          object: "model",
          created: Math.floor(listing.at / 1000),
          owned_by: provider.id,
        });
      }
    });
    return { models, errors };
  }

  /** The status of each provider's model list, for `/healthz`. */
  status(): Array<{ id: string; models: number | null; error?: string }> {
    return this.providers.map((p) => {
      const listing =
        p.models === "discover" ? this.listings.get(p.id) : { models: p.models, at: 0 };
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
    if (id === "demo" && demo)
      return { ok: true, model: { provider: demo, model: "demo", publicModel: id } };
    const slash = id.indexOf("/");
    const provider =
      slash > 0
        ? this.providers.find((p) => p.id === id.slice(0, slash) && p.kind !== "demo")
        : undefined;
    const model = id.slice(slash + 1);
    const notFound = (why: string) =>
      proxyError(
        "model_not_found",
        404,
        `${why} Pick a model listed by GET /v1/models (ids look like "provider/model").`,
        {
          provider: provider?.id ?? "",
        },
      );
    if (!provider || model === "")
      return { ok: false, error: notFound(`No configured provider offers the model "${id}".`) };
    const known =
      provider.models === "discover" ? this.listings.get(provider.id) : { models: provider.models };
    const listed = known && !("error" in known && known.error) ? known.models : null;
    if (listed && !listed.includes(model)) {
      return {
        ok: false,
        error: notFound(`The provider "${provider.id}" does not offer the model "${model}".`),
      };
    }
    return { ok: true, model: { provider, model, publicModel: id } };
  }

  private listing(provider: ProviderConfig): Promise<Listing> {
    if (provider.models !== "discover") return Promise.resolve({ models: provider.models, at: 0 });
    const cached = this.listings.get(provider.id);
    const now = this.runtime.now();
    if (cached && now - cached.at < this.runtime.limits.discoveryTtlMs)
      return Promise.resolve(cached);
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
      const models = await providerFor(provider.kind).listModels(provider, this.runtime, signal);
      const listing = { models: [...models].sort(), at };
      this.listings.set(provider.id, listing);
      return listing;
    } catch (error) {
      const message = (error as Error).message;
      this.onDiscoveryError(provider.id, message);
      const previous = this.listings.get(provider.id);
      const listing: Listing = { models: previous?.models ?? [], at, error: message };
      this.listings.set(provider.id, listing);
      return listing;
    }
  }
}
