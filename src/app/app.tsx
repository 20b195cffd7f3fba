import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Services } from "../services/services.ts";
import type { AppStore } from "../store/app-store.ts";
import { StoreProvider } from "../store/react.tsx";
import { AppShell } from "../ui/app-shell.tsx";
import { ServicesProvider } from "../ui/use-services.tsx";

export function App({
  store,
  services,
  queryClient,
}: {
  store: AppStore;
  services: Services;
  queryClient: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <StoreProvider store={store}>
        <ServicesProvider services={services}>
          <AppShell />
        </ServicesProvider>
      </StoreProvider>
    </QueryClientProvider>
  );
}
