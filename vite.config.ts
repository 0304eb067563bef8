import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle's entry is our HTTP server and app, which import the React Router build,
  // so the routes and the server modules (database, caches, worker) share one module graph.
  environments: {
    ssr: { build: { rollupOptions: { input: "./app/site/server-bundle.server.ts" } } },
  },
  resolve: { tsconfigPaths: true },
  // `npm run dev` bundles the browser's packages once, at start-up: React and React Router (their
  // plugin lists them) and the admin's editor. A package the browser imports must be listed here.
  // Discovery is off because React Router's development CSS lookup resolves the server modules'
  // imports as if for the browser (kysely, pg…): each "discovered" package would bundle again
  // and reload every open page (docs/decisions/0019-dev-server-runs-the-http-app.md).
  optimizeDeps: {
    noDiscovery: true,
    include: ["@tiptap/react", "@tiptap/starter-kit", "@tiptap/extension-image"],
  },
  plugins: [tailwindcss(), reactRouter()],
});
