import type { LoaderFunctionArgs } from "react-router";
import { serveShareFile } from "~/server/share/serve.server";

// Drawing lives in app/server/share/ so sharp, pdf-lib and node:fs never reach the client bundle.

/** The campaign's share card (1200×630 PNG; ?v= is the campaign's version): 404 unless the visitor may see the campaign. */
export function loader({ params, request }: LoaderFunctionArgs) {
  return serveShareFile(request, params.campaignId ?? "", "card");
}
