import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The log's modules (decision 083): one chunk of the server build, build/server/log.js, which
 * server/index.js loads in the cluster's primary (no app code) and which the server's entry imports,
 * so a worker's index.js and its app log through one logger. The chunk imports nothing of the rest.
 */
const LOG_CHUNK = ["/app/server/core/log.server.ts", "/app/domain/log-redaction.ts"];

export default defineConfig(({ isSsrBuild }) => ({
  // The production server entry wraps the React Router build in our Express app.
  build: isSsrBuild
    ? {
        rollupOptions: {
          input: "./server/app.ts",
          output: {
            manualChunks: (id: string) => (LOG_CHUNK.some((file) => id.endsWith(file)) ? "log" : undefined),
            chunkFileNames: (chunk) => (chunk.name === "log" ? "log.js" : "assets/[name]-[hash].js"),
            // The chunk's exports keep their names (rootLog), which index.js imports by.
            minifyInternalExports: false,
          },
        },
      }
    : undefined,
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [tailwindcss(), reactRouter()],
  server: { port: 3000 },
}));
