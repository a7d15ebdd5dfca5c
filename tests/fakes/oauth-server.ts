/**
 * A stand-in for Google's OAuth 2.0 / OpenID Connect endpoints on 127.0.0.1: authorization (a
 * consent page with an email field, usable without JavaScript), the token endpoint with PKCE (S256)
 * and client authentication, and userinfo. Speaks the real protocol, so the app's strategy talks to
 * it exactly as it would to Google.
 */
import { createHash, randomBytes } from "node:crypto";
import type http from "node:http";
import { fakeHttpServer } from "./http-server";
import { fileURLToPath } from "node:url";

export interface FakeOAuthOptions {
  clientId: string;
  clientSecret: string;
  port?: number;
}

interface PendingCode {
  email: string;
  name: string;
  redirectUri: string;
  codeChallenge: string | null;
  clientId: string;
}

function html(body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Google sign-in</title></head><body>${body}</body></html>`;
}

function escape(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeOAuthServer(options: FakeOAuthOptions) {
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, { email: string; name: string }>();
  const requests: { path: string; method: string }[] = [];

  const server = fakeHttpServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ path: url.pathname, method: req.method ?? "GET" });
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, headers);
      res.end(body);
    };
    const json = (status: number, body: unknown) => send(status, JSON.stringify(body), { "Content-Type": "application/json" });

    if (url.pathname === "/authorize" && req.method === "GET") {
      const params = url.searchParams;
      if (params.get("client_id") !== options.clientId || params.get("response_type") !== "code" || !params.get("redirect_uri")) {
        return send(400, html("<h1>Invalid authorization request</h1>"), { "Content-Type": "text/html" });
      }
      const hidden = ["client_id", "redirect_uri", "state", "code_challenge", "code_challenge_method", "scope"]
        .map((name) => `<input type="hidden" name="${name}" value="${escape(params.get(name) ?? "")}">`)
        .join("");
      return send(
        200,
        html(`<h1>Choose an account</h1><form method="get" action="/approve">${hidden}
          <label>Email <input name="email" type="email" required></label>
          <label>Full name <input name="name" type="text"></label>
          <button type="submit">Continue</button></form>`),
        { "Content-Type": "text/html" },
      );
    }

    if (url.pathname === "/approve" && req.method === "GET") {
      const params = url.searchParams;
      const redirectUri = params.get("redirect_uri") ?? "";
      const code = randomBytes(16).toString("hex");
      codes.set(code, {
        email: params.get("email") ?? "",
        name: params.get("name") ?? "",
        redirectUri,
        codeChallenge: params.get("code_challenge"),
        clientId: params.get("client_id") ?? "",
      });
      const target = new URL(redirectUri);
      target.searchParams.set("code", code);
      if (params.get("state")) target.searchParams.set("state", params.get("state") ?? "");
      return send(302, "", { Location: target.toString() });
    }

    if (url.pathname === "/token" && req.method === "POST") {
      const form = new URLSearchParams(await readBody(req));
      let clientId = form.get("client_id");
      let clientSecret = form.get("client_secret");
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
      if (basic?.[1]) {
        const [id, secret] = Buffer.from(basic[1], "base64").toString("utf8").split(":").map(decodeURIComponent);
        clientId = id ?? null;
        clientSecret = secret ?? null;
      }
      if (clientId !== options.clientId || clientSecret !== options.clientSecret) return json(401, { error: "invalid_client" });
      if (form.get("grant_type") !== "authorization_code") return json(400, { error: "unsupported_grant_type" });
      const pending = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (!pending || pending.redirectUri !== form.get("redirect_uri")) return json(400, { error: "invalid_grant" });
      if (pending.codeChallenge) {
        const verifier = form.get("code_verifier") ?? "";
        const challenge = createHash("sha256").update(verifier).digest("base64url");
        if (challenge !== pending.codeChallenge) return json(400, { error: "invalid_grant", error_description: "PKCE mismatch" });
      }
      const accessToken = randomBytes(24).toString("hex");
      tokens.set(accessToken, { email: pending.email, name: pending.name });
      return json(200, { access_token: accessToken, token_type: "Bearer", expires_in: 3599, scope: "openid email profile" });
    }

    if (url.pathname === "/userinfo" && req.method === "GET") {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      const account = token ? tokens.get(token) : undefined;
      if (!account) return json(401, { error: "invalid_token" });
      return json(200, {
        sub: createHash("sha256").update(account.email).digest("hex").slice(0, 21),
        email: account.email,
        email_verified: true,
        name: account.name || undefined,
      });
    }

    send(404, "not found");
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;
  return {
    port,
    urls: { authorization: `${base}/authorize`, token: `${base}/token`, userinfo: `${base}/userinfo` },
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Run on its own (Playwright's web server list): FAKE_OAUTH_PORT, client id and secret from the env.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fake = await startFakeOAuthServer({
    clientId: process.env.GOOGLE_CLIENT_ID ?? "fake-client-id",
    clientSecret: process.env.GOOGLE_CLIENT_SECRET ?? "fake-client-secret",
    port: Number(process.env.FAKE_OAUTH_PORT ?? 4011),
  });
  console.log(`fake OAuth server on http://127.0.0.1:${fake.port}`);
}
