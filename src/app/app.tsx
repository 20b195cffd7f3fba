import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { AppStore } from "../store/app-store.ts";
import { StoreProvider } from "../store/react.tsx";
import { AppShell } from "../ui/app-shell.tsx";

export function App({ store, queryClient }: { store: AppStore; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <StoreProvider store={store}>
        <AppShell />
      </StoreProvider>
    </QueryClientProvider>
  );
}
