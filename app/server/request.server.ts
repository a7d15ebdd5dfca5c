/**
 * The client's address as Express saw it (it honours TRUST_PROXY); the request handler forwards
 * it in this header, which we set ourselves and never trust from outside.
 */
export const CLIENT_IP_HEADER = "x-giveawear-client-ip";

/** What the entry path reads of a request: its headers (a Fetch Request, or the entry lane's own, decision 062). */
export interface RequestHeaders {
  headers: Pick<Headers, "get">;
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

/** The request comes from this machine, by the address Express resolved (never a client's own header). */
export function isFromLoopback(request: Request): boolean {
  return isLoopbackAddress(clientIp(request));
}
