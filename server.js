// Production entry: `npm start` runs this on Node 24. Plain JavaScript on purpose: a TypeScript
// entry makes Node load its type stripper, about 16 MB of memory for the server's whole life
// (docs/decisions/0012-server-memory.md). The server itself is TypeScript, in the built bundle
// (app/site/serve-site.server.ts); npm's prestart builds it when sources changed.

// The maintainer's `.env`, before anything reads the environment (the real environment wins).
await import("./scripts/env-file.js");

// React and other libraries pick their fast production builds from NODE_ENV when they are
// first imported (with the bundle, below); `npm start` serves production.
process.env.NODE_ENV ??= "production";

const { serveSite } = await import("./build/server/index.js");
await serveSite();
