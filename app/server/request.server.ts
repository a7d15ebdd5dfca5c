/**
 * The client's address as Express saw it (it honours TRUST_PROXY); the request handler forwards
 * it in this header, which we set ourselves and never trust from outside.
 */
export const CLIENT_IP_HEADER = "x-giveawear-client-ip";

export function clientIp(request: Request): string | null {
  return request.headers.get(CLIENT_IP_HEADER);
}
