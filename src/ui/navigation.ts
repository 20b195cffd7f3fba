/** The address names the open conversation: `/c/<id>`; `/` is no conversation. */
export function pathFor(id: string | null): string {
  return id ? `/c/${id}` : "/";
}

export function idFromPath(pathname: string): string | null {
  const match = /^\/c\/([0-9a-f]{12})\/?$/.exec(pathname);
  return match?.[1] ?? null;
}

const listeners = new Set<(id: string | null) => void>();

export function onNavigate(listener: (id: string | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function navigateTo(id: string | null, replace = false): void {
  const path = pathFor(id);
  if (window.location.pathname !== path) {
    if (replace) window.history.replaceState(null, "", path);
    else window.history.pushState(null, "", path);
  }
  for (const listener of listeners) listener(id);
}
