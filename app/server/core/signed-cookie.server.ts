/**
 * A signed cookie that React Router reads as its own, but signs with node:crypto's HMAC.
 *
 * React Router's `createCookie` signs each Set-Cookie through WebCrypto, importing the key anew
 * every time: in Node a hop to the thread pool and back, about 6 % of an entry's CPU time in a spike
 * (decision 063; the `entered_` cookie is signed once per entry). This one makes the very same bytes
 * synchronously: the value as React Router encodes it (base64 of its JSON), a dot, and the base64
 * HMAC-SHA256 of that under the first secret without padding, then `cookie`'s serialize with the
 * same options and defaults. Parsing is React Router's own, so either can read what the other wrote;
 * `tests/unit/signed-cookie.test.ts` compares the two.
 */
import { createHmac } from "node:crypto";
import { serialize } from "cookie";
import { type Cookie, type CookieOptions, createCookie } from "react-router";

export function createSignedCookie(name: string, options: CookieOptions & { secrets: [string, ...string[]] }): Cookie {
  const cookie = createCookie(name, options);
  const { secrets, ...cookieOptions } = { path: "/", sameSite: "lax" as const, ...options };
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return true;
    },
    get expires() {
      return cookie.expires;
    },
    parse: (header, parseOptions) => cookie.parse(header, parseOptions),
    async serialize(value: unknown, serializeOptions) {
      // React Router writes an empty value as it is, unsigned: the way to clear a cookie.
      if (value === "") return cookie.serialize(value, serializeOptions);
      const encoded = Buffer.from(JSON.stringify(value), "utf8").toString("base64");
      const signature = createHmac("sha256", secrets[0]).update(encoded).digest("base64").replace(/=+$/, "");
      return serialize(name, `${encoded}.${signature}`, { ...cookieOptions, ...serializeOptions });
    },
  };
}
