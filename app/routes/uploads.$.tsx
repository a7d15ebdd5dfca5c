import type { LoaderFunctionArgs } from "react-router";
import { serveUpload } from "~/server/media/uploads.server";

// LoaderFunctionArgs rather than ./+types: typegen only knows this file once routes.ts lists it.
// The file handling lives in server/media/uploads.server.ts so no node:fs import can reach the client bundle.

/** Stored uploads (logos, designs, prize and slider images) at /uploads/<kind>/<file>. */
export function loader({ params, request }: LoaderFunctionArgs) {
  return serveUpload(params["*"] ?? "", request);
}
