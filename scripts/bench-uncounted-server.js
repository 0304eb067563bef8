// The production server with visit counting off, for the benchmark's comparison only
// (scripts/bench.ts: the cached article with and without counting, in the same run). It is
// server.js with serveSite's option, started with the same node flags and environment.
await import("./env-file.js");
process.env.NODE_ENV ??= "production";

const { serveSite } = await import("../build/server/index.js");
await serveSite({ countVisits: false });
