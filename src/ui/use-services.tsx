import { createContext, type ReactNode, useContext } from "react";
import type { Services } from "../services/services.ts";

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: Services;
  children: ReactNode;
}) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The app's services: what components call to change anything (they read through selectors). */
export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error("useServices needs a <ServicesProvider> above it.");
  return services;
}
