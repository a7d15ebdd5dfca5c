/**
 * One webhook POST, guarded against server-side request forgery (decision 055).
 *
 * The host is resolved here, every address it resolves to must be public (app/domain/ip-address.ts),
 * and the connection goes to exactly the address that was checked: the HTTP client's own lookup is
 * replaced by one that answers that address, while the Host header and TLS (SNI and the certificate
 * check) still use the host name. So a name that resolved to a public address when the endpoint was
 * saved and to 127.0.0.1 now (DNS rebinding) is refused before any connection is made.
 *
 * One deadline covers DNS, connection, request and answer; the answer's body is read up to
 * WEBHOOK_RESPONSE_LIMIT_BYTES and discarded; redirects are never followed (a 3xx is a failure).
 */
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { ADDRESS_CLASS_LABELS, classifyAddress } from "../../domain/ip-address";
import { WEBHOOK_RESPONSE_LIMIT_BYTES, isAllowListed } from "../../domain/webhooks";

export interface ResolvedAddress {
  address: string;
  /** 4 or 6. */
  family: number;
}

/** Resolves a host name to every address it has (tests hand in their own DNS). */
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = (host) => dnsLookup(host, { all: true });

let resolver: HostResolver = systemResolver;

/** The DNS the webhook code uses; tests replace it (a name that rebinds to 127.0.0.1), and restore it with systemResolver. */
export function setWebhookResolver(next: HostResolver): void {
  resolver = next;
}

export function webhookResolver(): HostResolver {
  return resolver;
}

/** Why a host may not be reached, or null when it may: every address it resolves to must be public. */
export function refusedAddress(host: string, addresses: readonly ResolvedAddress[]): string | null {
  if (addresses.length === 0) return `${host} has no address.`;
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (kind === null) return `${host} resolves to ${address}, which is not an IP address.`;
    if (kind !== "public")
      return `${host} resolves to ${address}, ${ADDRESS_CLASS_LABELS[kind]}: webhooks are only sent to public internet addresses.`;
  }
  return null;
}

/** A URL host without the brackets an IPv6 literal has in a URL. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

export type ResolveOutcome = { ok: true; address: ResolvedAddress } | { ok: false; message: string; unresolvable?: boolean };

/**
 * The address to connect to for `url`: its IP literal, or the host name resolved, each address
 * checked unless the host is in WEBHOOK_ALLOW_HOSTS. IPv4 is preferred when the name has both.
 */
export async function resolveWebhookHost(url: URL, allowHosts: readonly string[]): Promise<ResolveOutcome> {
  const host = bareHost(url);
  const allowListed = isAllowListed(url, allowHosts);
  const literal = classifyAddress(host);
  let addresses: ResolvedAddress[];
  if (literal !== null) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else {
    try {
      addresses = await resolver(host);
    } catch (error) {
      const code = (error as { code?: string }).code;
      return { ok: false, unresolvable: true, message: `The host name ${host} could not be resolved${code ? ` (${code})` : ""}.` };
    }
  }
  if (!allowListed) {
    const refused = refusedAddress(host, addresses);
    if (refused) return { ok: false, message: refused };
  }
  const chosen = addresses.find((item) => item.family === 4) ?? addresses[0];
  if (!chosen) return { ok: false, message: `${host} has no address.` };
  return { ok: true, address: chosen };
}

export interface PostResult {
  /** The answer's status, or null when there was none. */
  statusCode: number | null;
  /** Why the attempt failed; null for a 2xx. */
  error: string | null;
  durationMs: number;
  /** The body was longer than the limit and was cut off. */
  truncated: boolean;
}

export interface PostOptions {
  timeoutMs: number;
  allowHosts: readonly string[];
}

/** A lookup that answers the checked address, whatever it is asked (Node asks with `all` when it races IPv4 and IPv6). */
function fixedLookup(checked: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [checked]);
    } else {
      callback(null, checked.address, checked.family);
    }
  };
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/** POSTs `body` to `url` with `headers`, under the rules above. Never throws. */
export async function postWebhook(url: URL, body: string, headers: Record<string, string>, options: PostOptions): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), options.timeoutMs);
  });
  const timedOut = (): PostResult => ({
    statusCode: null,
    error: `No answer within ${seconds(options.timeoutMs)}.`,
    durationMs: elapsed(),
    truncated: false,
  });
  try {
    const resolved = await Promise.race([resolveWebhookHost(url, options.allowHosts), deadline]);
    if (resolved === "timeout") return timedOut();
    if (!resolved.ok) return { statusCode: null, error: `Refused: ${resolved.message}`, durationMs: elapsed(), truncated: false };

    const client = url.protocol === "https:" ? https : http;
    const request = client.request({
      method: "POST",
      hostname: bareHost(url),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)), Connection: "close" },
      // A connection of its own, to the checked address only; never a pooled one.
      agent: false,
      lookup: fixedLookup(resolved.address),
    });
    const answer = new Promise<PostResult>((resolve) => {
      request.on("error", (error: NodeJS.ErrnoException) => {
        resolve({
          statusCode: null,
          error: error.code ? `${error.code}: ${error.message}` : error.message,
          durationMs: elapsed(),
          truncated: false,
        });
      });
      request.on("response", (response) => {
        const statusCode = response.statusCode ?? 0;
        let received = 0;
        let truncated = false;
        const finish = () => {
          const ok = statusCode >= 200 && statusCode < 300;
          let error: string | null = null;
          if (!ok && statusCode >= 300 && statusCode < 400) {
            const location = response.headers.location;
            error = `The endpoint answered ${statusCode}${location ? ` (a redirect to ${location.slice(0, 300)})` : ""}; redirects are not followed.`;
          } else if (!ok) {
            error = `The endpoint answered ${statusCode}.`;
          }
          resolve({ statusCode, error, durationMs: elapsed(), truncated });
        };
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > WEBHOOK_RESPONSE_LIMIT_BYTES && !truncated) {
            // Enough: the status decides, the rest of the body is not read.
            truncated = true;
            response.destroy();
            request.destroy();
            finish();
          }
        });
        response.on("end", finish);
        response.on("error", finish);
        response.on("close", finish);
      });
    });
    request.end(body);
    const result = await Promise.race([answer, deadline]);
    if (result === "timeout") {
      request.destroy();
      return timedOut();
    }
    return result;
  } finally {
    clearTimeout(timer);
  }
}
