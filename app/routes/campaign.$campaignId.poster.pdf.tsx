import type { LoaderFunctionArgs } from "react-router";
import { serveShareFile } from "~/server/share/serve.server";

// Drawing lives in app/server/share/ so sharp, pdf-lib and node:fs never reach the client bundle.

/** The campaign's poster as a PDF (A4, or US Letter with ?paper=letter): 404 unless the visitor may see the campaign. */
export function loader({ params, request }: LoaderFunctionArgs) {
  return serveShareFile(request, params.campaignId ?? "", "poster.pdf");
}
