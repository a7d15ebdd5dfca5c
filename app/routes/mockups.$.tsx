import type { LoaderFunctionArgs } from "react-router";
import { serveMockup } from "~/server/media/mockups.server";

// LoaderFunctionArgs rather than ./+types: typegen only knows this file once routes.ts lists it.
// Rendering lives in server/media/mockups.server.ts so sharp and node:fs never reach the client bundle.

/** Product mockups of stored designs at /mockups/<product>/<colour>/<width>/<design path>.webp. */
export function loader({ params, request }: LoaderFunctionArgs) {
  return serveMockup(params["*"] ?? "", request);
}
