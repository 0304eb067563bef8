// Prefetch same-origin pages on hover so moving between static pages feels instant without a
// client router. Admin and sign-in are excluded: they are personal and never cached. So are
// the contact links (/contato/whatsapp…): a prefetched tap would be neither counted nor asked
// for again when the visitor really taps.
export const speculationRules = JSON.stringify({
  prefetch: [
    {
      where: {
        and: [{ href_matches: "/*" }, { not: { href_matches: ["/admin*", "/auth*", "/contato/*"] } }],
      },
      eagerness: "moderate",
    },
  ],
});
