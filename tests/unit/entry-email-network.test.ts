import { describe, expect, it } from "vitest";
import { canonicalEmail, sendableEmail } from "~/domain/email-address";
import { ipNetwork } from "~/domain/network";

describe("canonicalEmail (decision 038)", () => {
  it.each([
    ["  Fan.One@Example.COM ", "fan.one@example.com"],
    ["dupuser@gmail.com.", "dupuser@gmail.com"],
    ["Dup.User+x@GoogleMail.com..", "dupuser@gmail.com"],
    ["x+1@outlook.com", "x@outlook.com"],
    ["first.last+a@hotmail.co.uk", "first.last@hotmail.co.uk"],
    ["x+news@live.com", "x@live.com"],
    ["x+news@msn.com", "x@msn.com"],
    ["fan+shop@me.com", "fan@icloud.com"],
    ["fan@mac.com", "fan@icloud.com"],
    ["me+tag@fastmail.com", "me@fastmail.com"],
    ["a.l-i_ce+x@pm.me", "alice@proton.me"],
    ["alice@protonmail.ch", "alice@proton.me"],
    // Yahoo's "-" is not a tag: the disposable address's base name is not its owner's ID (decision 066).
    ["anne-marie@yahoo.com", "anne-marie@yahoo.com"],
    ["Base-Shopping@YMail.com.", "base-shopping@ymail.com"],
    ["base+x@yahoo.com", "base+x@yahoo.com"],
    ["team+a@example.com", "team+a@example.com"],
    ["first.last@outlook.com", "first.last@outlook.com"],
    ["+tag@gmail.com", "+tag@gmail.com"],
  ])("%s -> %s", (input, key) => {
    expect(canonicalEmail(input)).toBe(key);
  });

  it("keeps the typed address for sending, less the domain's trailing dots", () => {
    expect(sendableEmail(" Fan+Tag@Gmail.com. ")).toBe("Fan+Tag@Gmail.com");
    expect(sendableEmail("fan@example.com")).toBe("fan@example.com");
  });
});

describe("ipNetwork", () => {
  it.each([
    ["203.0.113.77", "203.0.113.0/24"],
    ["::ffff:203.0.113.77", "203.0.113.0/24"],
    ["::ffff:cb00:714d", "203.0.113.0/24"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8::/64"],
    ["2001:0:0:1::5", "2001:0:0:1::/64"],
    ["fe80::1%eth0", "fe80::/64"],
    ["::1", "::/64"],
    ["127.0.0.1", "127.0.0.0/24"],
  ])("%s -> %s", (ip, network) => {
    expect(ipNetwork(ip)).toBe(network);
  });

  it.each(["", "not an ip", "256.1.1.1", "1.2.3", "2001:db8:::1", "1:2:3:4:5:6:7:8:9", "12345::1"])("refuses %j", (ip) => {
    expect(ipNetwork(ip)).toBeNull();
  });
  it("gives null without an address", () => expect(ipNetwork(null)).toBeNull());
});
