/**
 * The client's address as Express saw it (it honours TRUST_PROXY); the request handler forwards
 * it in this header, which we set ourselves and never trust from outside.
 */
export const CLIENT_IP_HEADER = "x-giveawear-client-ip";

/** What the entry path reads of a request: its headers (a Fetch Request, or a lane's own: laneRequest). */
export interface RequestHeaders {
  headers: Pick<Headers, "get">;
}

/**
 * What a lane (decisions 062, 077) hands the entry path instead of a Fetch Request: the two headers
 * it reads, the visitor's cookies and the client's address as Express resolved it.
 */
export function laneRequest(cookie: string | undefined, ip: string | null): RequestHeaders {
  return {
    headers: {
      get: (name: string) => {
        const header = name.toLowerCase();
        return header === "cookie" ? (cookie ?? null) : header === CLIENT_IP_HEADER ? ip : null;
      },
    },
  };
}

export function clientIp(request: RequestHeaders): string | null {
  return request.headers.get(CLIENT_IP_HEADER);
}

/** 127.0.0.0/8, ::1, and the same IPv4 addresses written as IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(ip: string | null): boolean {
  if (!ip) return false;
  const address = ip.trim().toLowerCase();
  if (address === "::1" || address === "0:0:0:0:0:0:0:1") return true;
  const ipv4 = address.replace(/^(::ffff:|0:0:0:0:0:ffff:)/, "");
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}

/**
 * The address of the connection itself (the socket's peer), which nothing a client sends can
 * change; the request handler sets this header too, replacing whatever came in.
 */
export const PEER_IP_HEADER = "x-giveawear-peer-ip";

/** Every client address the proxy headers name (X-Forwarded-For, X-Real-IP, Forwarded's for=), as written. */
export function forwardedAddresses(headers: Pick<Headers, "get">): string[] {
  const forwardedFor = (headers.get("x-forwarded-for") ?? "").split(",");
  const realIp = [headers.get("x-real-ip") ?? ""];
  const forwarded = [...(headers.get("forwarded") ?? "").matchAll(/(?:^|[;,\s])for\s*=\s*("[^"]*"|[^;,\s]*)/gi)].map((match) => {
    // for="[2001:db8::1]:4711", for=192.0.2.60:80 or for=192.0.2.60
    const value = (match[1] ?? "").replace(/^"|"$/g, "");
    const bracketed = /^\[([^\]]*)\]/.exec(value);
    if (bracketed) return bracketed[1] ?? "";
    return /^[^:]*:\d+$/.test(value) ? value.slice(0, value.lastIndexOf(":")) : value;
  });
  return [...forwardedFor, ...realIp, ...forwarded].map((address) => address.trim()).filter((address) => address !== "");
}

/**
 * The request comes from this machine (decision 066): the connection's own address is a loopback
 * one, whatever TRUST_PROXY says (a client may write `X-Forwarded-For: 127.0.0.1` itself), and any
 * client a proxy on this machine names is this machine too (otherwise a local proxy would show the
 * page to every visitor it forwards).
 */
export function isFromThisMachine(request: RequestHeaders): boolean {
  return isLoopbackAddress(request.headers.get(PEER_IP_HEADER)) && forwardedAddresses(request.headers).every(isLoopbackAddress);
}
