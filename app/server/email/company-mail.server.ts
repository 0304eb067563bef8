import type { SiteConfig } from "~/lib/company-settings";

// The company facts and the quote recipients in force, as the settings have them. The settings
// sit above e-mail (they read its configuration), so e-mail does not import them: start-up hands
// the reader in (runtime/registries.server.ts).

export interface CompanyMail {
  /** Undefined until the owner saves recipients (LEADS_TO then). */
  to: string[] | undefined;
  site: SiteConfig;
}

let reader: (() => Promise<CompanyMail>) | undefined;

export function readCompanyMailWith(read: () => Promise<CompanyMail>): void {
  reader = read;
}

/** What a message is sent with now; throws when start-up did not hand the reader in. */
export async function companyMailInForce(): Promise<CompanyMail> {
  if (!reader) throw new Error("Registries not assembled: call assembleRegistries() at start.");
  return reader();
}
