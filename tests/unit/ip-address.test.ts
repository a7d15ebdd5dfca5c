/** Which addresses an outgoing webhook may reach (decision 055): public unicast only. */
import { describe, expect, it } from "vitest";
import { classifyAddress, isIpLiteral, parseIPv4, parseIPv6 } from "~/domain/ip-address";

describe("parsing", () => {
  it("reads dotted quads strictly", () => {
    expect(parseIPv4("192.0.2.1")).toEqual([192, 0, 2, 1]);
    expect(parseIPv4("255.255.255.255")).toEqual([255, 255, 255, 255]);
    for (const bad of ["256.0.0.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.2.3.-4", "1.2.3.4 ", "0x7f.0.0.1", "", "a.b.c.d"]) {
      expect(parseIPv4(bad), bad).toBeNull();
    }
  });

  it("reads IPv6 with compression, brackets and an embedded IPv4 address", () => {
    expect(parseIPv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("[::1]")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("::")).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6("2001:db8::8a2e:370:7334")).toEqual([0x2001, 0xdb8, 0, 0, 0, 0x8a2e, 0x370, 0x7334]);
    expect(parseIPv6("::ffff:127.0.0.1")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIPv6("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const bad of [
      "1::2::3",
      "1:2:3:4:5:6:7:8:9",
      "1:2:3:4:5:6:7",
      "12345::",
      "::ffff:1.2.3",
      "::1.2.3.4:5",
      "fe80::1%eth0",
      "gg::1",
      "1:2:3:4:5:6:7:8::",
    ]) {
      expect(parseIPv6(bad), bad).toBeNull();
    }
  });

  it("tells IP literals from host names", () => {
    expect(isIpLiteral("127.0.0.1")).toBe(true);
    expect(isIpLiteral("[::1]")).toBe(true);
    expect(isIpLiteral("example.com")).toBe(false);
    expect(isIpLiteral("localhost")).toBe(false);
  });
});

describe("classification", () => {
  const cases: [string, ReturnType<typeof classifyAddress>][] = [
    // Public
    ["93.184.216.34", "public"],
    ["8.8.8.8", "public"],
    ["1.1.1.1", "public"],
    ["172.15.255.255", "public"],
    ["172.32.0.0", "public"],
    ["100.63.255.255", "public"],
    ["100.128.0.0", "public"],
    ["2606:4700:4700::1111", "public"],
    ["2a00:1450:4001:82a::200e", "public"],
    // Loopback and unspecified
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["::1", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    // Private networks
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "carrier-grade-nat"],
    ["100.127.255.255", "carrier-grade-nat"],
    ["169.254.169.254", "link-local"],
    ["fe80::1", "link-local"],
    ["febf::1", "link-local"],
    ["fc00::1", "unique-local"],
    ["fd12:3456:789a::1", "unique-local"],
    ["fec0::1", "private"],
    // Multicast, broadcast, reserved, documentation
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.0.8", "reserved"],
    ["198.18.0.1", "reserved"],
    ["192.0.2.10", "documentation"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["2001:db8::1", "documentation"],
    ["3fff::1", "documentation"],
    ["2001::1", "reserved"],
    ["100::1", "reserved"],
    ["4000::1", "reserved"],
    // IPv6 forms that carry an IPv4 address are judged by it
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:169.254.169.254", "link-local"],
    ["::ffff:93.184.216.34", "public"],
    ["::127.0.0.1", "loopback"],
    ["64:ff9b::7f00:1", "loopback"],
    ["64:ff9b::93.184.216.34", "public"],
    ["64:ff9b:1::1", "private"],
    ["2002:7f00:1::1", "loopback"],
    ["2002:c0a8:101::1", "private"],
    ["2002:5db8:d822::1", "public"],
  ];
  it.each(cases)("%s is %s", (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it("answers null for anything that is not an IP address", () => {
    expect(classifyAddress("example.com")).toBeNull();
    expect(classifyAddress("2130706433")).toBeNull();
    expect(classifyAddress("")).toBeNull();
  });
});
