import { type Configuration, configuration } from "../config/configuration.server";

/** The quote form's limits (QUOTE_* in the configuration, checked at start). */
export type QuoteSettings = Configuration["quote"];

/** The running server's settings. */
export function quoteSettings(config: Configuration = configuration()): QuoteSettings {
  return config.quote;
}
