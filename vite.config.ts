import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle's entry is our HTTP server and app, which import the React Router build,
  // so the routes and the server modules (database, caches, worker) share one module graph.
  environments: {
    ssr: { build: { rollupOptions: { input: "./app/server/serve-site.server.ts" } } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
