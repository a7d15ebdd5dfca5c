import "react-router";
import { randomBytes } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import helmet from "helmet";
import { getConfig } from "../app/server/config.server";
import { startJobRunner, stopJobRunner } from "../app/server/jobs.server";
import { flushPageViews } from "../app/server/page-views.server";
import { urlencodedBodyRefusal } from "../app/server/forms.server";
import { CLIENT_IP_HEADER } from "../app/server/request.server";
import { checkDatabase, disconnectDatabase, prepareDatabase } from "../app/server/startup.server";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
  }
}

export const app = express();
const config = getConfig();

app.set("trust proxy", config.TRUST_PROXY);

app.use((req, res, next) => {
  // Express resolved the address (honouring TRUST_PROXY); whatever a client sent here is replaced.
  req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
});

app.use(
  helmet({
    // Vite's dev server injects its own inline modules; the policy applies to built code.
    contentSecurityPolicy: import.meta.env.DEV
      ? false
      : {
          useDefaults: true,
          directives: {
            "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
            "img-src": ["'self'", "data:", "blob:", "https:"],
            "connect-src": ["'self'"],
            // A form post may end in a redirect to these (Google sign-in, Stripe Checkout); browsers check redirects too.
            "form-action": [
              "'self'",
              ...(config.googleEnabled ? [new URL(config.GOOGLE_AUTHORIZATION_URL).origin] : []),
              ...(config.stripeEnabled
                ? ["https://checkout.stripe.com", ...(config.STRIPE_API_URL ? [new URL(config.STRIPE_API_URL).origin] : [])]
                : []),
            ],
            "upgrade-insecure-requests": config.APP_URL?.startsWith("https://") ? [] : null,
          },
        },
    // The site is served over plain HTTP locally; HSTS only makes sense behind TLS in production.
    strictTransportSecurity: config.isProduction && Boolean(config.APP_URL?.startsWith("https://")),
    crossOriginEmbedderPolicy: false,
    // "no-referrer" makes browsers send "Origin: null" with form posts, which the cross-origin
    // action check then (rightly) refuses.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  }),
);

// An oversized url-encoded form is refused before anything reads it (readForm would buffer it whole).
app.use((req, res, next) => {
  const refusal = urlencodedBodyRefusal(req.headers);
  if (!refusal) return next();
  res.status(refusal.status).set("Connection", "close").type("text/plain").send(refusal.message);
});

app.get("/healthz", async (_req, res) => {
  try {
    await checkDatabase();
    res.set("Cache-Control", "no-store").json({ status: "ok", database: "ok" });
  } catch (error) {
    console.error("healthz: database check failed", error);
    res.status(503).set("Cache-Control", "no-store").json({ status: "error", database: "unreachable" });
  }
});

// In production the build is loaded once. Handed a function, React Router calls it and rebuilds its
// route tables on every request (meant for hot reloading): that alone cost ~10 ms a page here.
const build = import.meta.env.DEV ? () => import("virtual:react-router/server-build") : await import("virtual:react-router/server-build");

app.use(
  createRequestHandler({
    build,
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
  }),
);

/** Runs before the server accepts connections: migrations, seed, then the background job timer. */
export async function startup() {
  await prepareDatabase();
  if (getConfig().JOBS_INTERVAL_MS > 0) startJobRunner(getConfig().JOBS_INTERVAL_MS);
}

export async function shutdown() {
  // A job pass in progress finishes first, so nothing it claimed is left waiting for its lease to run out.
  await stopJobRunner();
  await flushPageViews();
  await disconnectDatabase();
}
