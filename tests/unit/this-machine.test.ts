/**
 * Who may see the local mailbox (decision 066): the connection's own address decides, never an
 * address a client or a proxy writes in a header; and a proxy on this machine that names a client
 * elsewhere is not this machine either.
 */
import { describe, expect, it } from "vitest";
import { PEER_IP_HEADER, forwardedAddresses, isFromThisMachine } from "~/server/core/request.server";

function request(peer: string, headers: Record<string, string> = {}) {
  return { headers: new Headers({ [PEER_IP_HEADER]: peer, ...headers }) };
}

describe("isFromThisMachine", () => {
  it("takes a connection from a loopback address with no proxy headers", () => {
    for (const peer of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "127.8.9.10"]) expect(isFromThisMachine(request(peer)), peer).toBe(true);
  });

  it("refuses a connection from elsewhere that claims to be this machine", () => {
    for (const headers of <Record<string, string>[]>[
      { "X-Forwarded-For": "127.0.0.1" },
      { "X-Real-IP": "127.0.0.1" },
      { Forwarded: "for=127.0.0.1" },
      { "X-Forwarded-For": "::1, 127.0.0.1" },
    ]) {
      expect(isFromThisMachine(request("203.0.113.9", headers))).toBe(false);
      expect(isFromThisMachine(request("192.168.1.20", headers))).toBe(false);
      expect(isFromThisMachine(request("", headers))).toBe(false);
    }
  });

  it("refuses a proxy on this machine forwarding a client from elsewhere", () => {
    for (const headers of <Record<string, string>[]>[
      { "X-Forwarded-For": "203.0.113.9" },
      { "X-Forwarded-For": "127.0.0.1, 203.0.113.9" },
      { "X-Real-IP": "203.0.113.9" },
      { Forwarded: 'for="[2001:db8::1]:4711"' },
      { Forwarded: "for=127.0.0.1, for=198.51.100.7;proto=https" },
      { "X-Forwarded-For": "unknown" },
    ]) {
      expect(isFromThisMachine(request("127.0.0.1", headers)), JSON.stringify(headers)).toBe(false);
    }
  });

  it("takes a proxy on this machine forwarding this machine", () => {
    expect(isFromThisMachine(request("127.0.0.1", { "X-Forwarded-For": "127.0.0.1" }))).toBe(true);
    expect(isFromThisMachine(request("::1", { Forwarded: 'for="[::1]:5173";proto=http' }))).toBe(true);
  });
});

describe("forwardedAddresses", () => {
  it("reads every address the proxy headers name, without ports or brackets", () => {
    const headers = new Headers({
      "X-Forwarded-For": "198.51.100.1, 10.0.0.2",
      "X-Real-IP": "198.51.100.3",
      Forwarded: 'for=192.0.2.60:8080;proto=http, for="[2001:db8:cafe::17]:4711", for=unknown',
    });
    expect(forwardedAddresses(headers)).toEqual(["198.51.100.1", "10.0.0.2", "198.51.100.3", "192.0.2.60", "2001:db8:cafe::17", "unknown"]);
  });
});
