import { createContext, use } from "react";
import type { SiteConfig } from "~/lib/company-settings";

// The root loader reads the company facts on the server (with env overrides) and provides
// them here, so server and client render the same values.
export const SiteContext = createContext<SiteConfig | null>(null);

export function useSite(): SiteConfig {
  const site = use(SiteContext);
  if (!site) throw new Error("useSite() must be used inside <SiteContext>");
  return site;
}
