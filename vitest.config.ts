import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so the React Router plugin does not load in unit tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
  },
});
