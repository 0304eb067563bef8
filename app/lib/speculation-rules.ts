// Prefetch same-origin pages on hover so moving between static pages feels instant without a
// client router. Admin and sign-in are excluded: they are personal and never cached.
export const speculationRules = JSON.stringify({
  prefetch: [
    {
      where: {
        and: [{ href_matches: "/*" }, { not: { href_matches: ["/admin*", "/auth*"] } }],
      },
      eagerness: "moderate",
    },
  ],
});
