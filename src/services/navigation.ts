/** The address names the open conversation: `/c/<id>`; `/` is no conversation. */
export function pathFor(id: string | null): string {
  return id ? `/c/${id}` : "/";
}

export function idFromPath(pathname: string): string | null {
  const match = /^\/c\/([0-9a-f]{12})\/?$/.exec(pathname);
  return match?.[1] ?? null;
}

/** The parts of the browser's window that the address lives in. */
export interface AddressBar {
  readonly location: { readonly pathname: string };
  readonly history: {
    pushState(data: unknown, unused: string, url: string): void;
    replaceState(data: unknown, unused: string, url: string): void;
  };
}

/** Moves the address to a conversation and tells those who follow it (the routing). */
export class Navigation {
  private readonly listeners = new Set<(id: string | null) => void>();
  private readonly revealListeners = new Set<() => void>();
  private revealing: { id: string; messageId: string } | null = null;

  constructor(private readonly bar: AddressBar) {}

  /** The conversation the address names now. */
  current(): string | null {
    return idFromPath(this.bar.location.pathname);
  }

  subscribe(listener: (id: string | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  navigateTo(id: string | null, replace = false): void {
    const path = pathFor(id);
    if (this.bar.location.pathname !== path) {
      if (replace) this.bar.history.replaceState(null, "", path);
      else this.bar.history.pushState(null, "", path);
    }
    for (const listener of [...this.listeners]) listener(id);
  }

  /**
   * Asks the log of conversation `id` to bring `messageId` into view (a search hit). The request
   * waits until that log shows the message (it may open, or switch to the hit's branch, later).
   */
  reveal(id: string, messageId: string): void {
    this.revealing = { id, messageId };
    for (const listener of [...this.revealListeners]) listener();
  }

  /** The message waiting to be brought into view in conversation `id`, if any. */
  pendingReveal(id: string): string | null {
    return this.revealing?.id === id ? this.revealing.messageId : null;
  }

  /** The log showed `messageId`: the request is done. */
  revealed(id: string, messageId: string): void {
    if (this.revealing?.id === id && this.revealing.messageId === messageId) this.revealing = null;
  }

  subscribeReveal(listener: () => void): () => void {
    this.revealListeners.add(listener);
    return () => this.revealListeners.delete(listener);
  }

  dispose(): void {
    this.listeners.clear();
    this.revealListeners.clear();
  }
}
