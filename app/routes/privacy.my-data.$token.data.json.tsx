import type { Route } from "./+types/privacy.my-data.$token.data.json";
import { DATA_MESSAGES } from "~/domain/data-rights";
import { dataExport } from "~/server/data-rights/data.server";
import { readDataLinkToken } from "~/server/core/data-rights-link.server";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin" };

/** The data page's "Download all my data": everything we hold for the link's address, as one JSON file (decision 054). */
export async function loader({ params }: Route.LoaderArgs) {
  const claims = readDataLinkToken(params.token);
  if (claims.kind !== "valid") {
    const message = claims.kind === "expired" ? DATA_MESSAGES.expiredLink : DATA_MESSAGES.invalidLink;
    return new Response(`${JSON.stringify({ error: message })}\n`, {
      status: claims.kind === "expired" ? 410 : 404,
      headers: { "Content-Type": "application/json; charset=utf-8", ...PRIVATE },
    });
  }
  const body = await dataExport(claims.email);
  return new Response(`${JSON.stringify(body, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="giveawear-my-data.json"',
      ...PRIVATE,
    },
  });
}
