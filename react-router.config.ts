import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Route middleware (decision 072): the admin guard runs once, in the admin routes' layout.
  future: { v8_middleware: true },
} satisfies Config;
