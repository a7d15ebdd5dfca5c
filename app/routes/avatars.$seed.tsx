import { identiconSvg } from "~/domain/identicon";
import type { Route } from "./+types/avatars.$seed";

/** The generated avatar for users without a picture: a symmetric pattern from their email's hash. */
export function loader({ params }: Route.LoaderArgs) {
  const seed = params.seed.replace(/\.svg$/, "");
  if (!/^[0-9a-f]{16,64}$/.test(seed)) return new Response("Not found", { status: 404 });
  return new Response(identiconSvg(seed), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
