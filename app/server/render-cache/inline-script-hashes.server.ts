import { createHash } from "node:crypto";
import { loadMoreScript } from "~/components/blog/load-more-script";
import { chatButtonScript } from "~/components/layout/chat-button";
import { countingBeaconsScript } from "~/components/layout/counting-beacons-script";
import { leadSourceLinksScript } from "~/components/layout/lead-source-links-script";
import { quoteFormScript } from "~/components/quote-form-script";
import { busySubmitScript } from "~/components/ui/busy-submit-script";
import { disclosureStateScript } from "~/components/ui/disclosure-state-script";
import { speculationRules } from "~/lib/speculation-rules";

// A cached page is sent to many visitors, so it cannot carry one request's nonce. Its inline
// scripts are all constants of ours, listed here; the CSP of a cached page allows exactly
// these by hash (plus the response's nonce, used by nothing in it). Markup that slipped into
// content could never match one of these hashes.
const trustedInlineScripts = [
  disclosureStateScript,
  busySubmitScript,
  loadMoreScript,
  quoteFormScript,
  leadSourceLinksScript,
  countingBeaconsScript,
  chatButtonScript,
  speculationRules,
];

export const trustedInlineScriptHashes: readonly string[] = trustedInlineScripts.map(
  (code) => `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`,
);
