import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const IMAGE_PROCESS_ENTRY = "image-worker-process";

/**
 * React Router names every entry of the server build `index.js`; the image process's entry keeps
 * its own name beside it (app/server/media/image-worker.server.ts looks for it there).
 */
function imageProcessEntryName(): Plugin {
  return {
    name: "image-process-entry-name",
    applyToEnvironment: (environment) => environment.name === "ssr",
    outputOptions(options) {
      const serverEntry = options.entryFileNames;
      return {
        ...options,
        entryFileNames: (chunk) =>
          chunk.name === IMAGE_PROCESS_ENTRY
            ? `${IMAGE_PROCESS_ENTRY}.js`
            : typeof serverEntry === "function"
              ? serverEntry(chunk)
              : (serverEntry ?? "index.js"),
      };
    },
  };
}

export default defineConfig({
  // The server bundle's entry is our HTTP server and app, which import the React Router build,
  // so the routes and the server modules (database, caches, worker) share one module graph.
  // The image process is a second entry: plain JavaScript, it starts without Node's type
  // stripper, about 15 MB the process would hold while it encodes (docs/decisions/0087).
  environments: {
    ssr: {
      build: {
        rollupOptions: {
          input: {
            index: "./app/site/server-bundle.server.ts",
            [IMAGE_PROCESS_ENTRY]: "./app/server/media/image-worker-process.server.ts",
          },
        },
      },
    },
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
  plugins: [tailwindcss(), reactRouter(), imageProcessEntryName()],
});
