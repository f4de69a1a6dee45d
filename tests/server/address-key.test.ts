import { describe, expect, it } from "vitest";
import { addressKey } from "../../src/server/http/address-key";

describe("the address the per-address limits count", () => {
  it("counts an IPv6 client as its /64, however the address is written", () => {
    const key = "2001:db8:1:1::/64";
    expect(addressKey("2001:db8:1:1::1")).toBe(key);
    expect(addressKey("2001:db8:1:1::35")).toBe(key);
    expect(addressKey("2001:0DB8:0001:0001:ffff:ffff:ffff:ffff")).toBe(key);
    expect(addressKey("2001:db8:1:1:8000::")).toBe(key);
    expect(addressKey("2001:db8:1:1::192.0.2.1")).toBe(key);
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
  });

  it("expands '::' to the zero groups it stands for, wherever it stands", () => {
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("2001:db8::1:0:0:0:1")).toBe("2001:db8:0:1::/64");
    expect(addressKey("1:2:3::4:5:6:7")).toBe("1:2:3:0::/64");
    expect(addressKey("1:2:3:4:5:6:7::")).toBe("1:2:3:4::/64");
    expect(addressKey("::2:3:4:5:6:7:8")).toBe("0:2:3:4::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("::")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(addressKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(addressKey("::FFFF:c000:0201")).toBe("192.0.2.1");
    expect(addressKey("0:0:0:0:0:ffff:203.0.113.255")).toBe("203.0.113.255");
    // Not mapped: the translated and NAT64 forms are IPv6 clients.
    expect(addressKey("::ffff:0:192.0.2.1")).toBe("0:0:0:0::/64");
    expect(addressKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });

  it("keeps an IPv4 address, and anything that is no address, as written", () => {
    expect(addressKey("192.0.2.1")).toBe("192.0.2.1");
    expect(addressKey("unknown")).toBe("unknown");
    expect(addressKey("2001:db8::1::2")).toBe("2001:db8::1::2");
  });
});
