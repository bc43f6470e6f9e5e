import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyAddress, isLoopbackAddress, normalizeAddress } from "./ip-address.js";

describe("classifyAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.0.0.5",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.20",
    "169.254.10.1",
    "::1",
    "fe80::1%eth0",
    "febf::1",
    "fc00::1",
    "fd12:3456:789a::1",
    "::ffff:127.0.0.1",
    "::ffff:192.168.0.1",
    "::ffff:c0a8:1",
  ])("%s is the local network", (address) => {
    expect(classifyAddress(address)).toBe("local");
  });

  it.each([
    "8.8.8.8",
    "172.15.0.1",
    "172.32.0.1",
    "192.169.0.1",
    "100.64.0.1",
    "2001:db8::1",
    "2a00:1450:4001:81c::200e",
    "fec0::1",
    "::ffff:8.8.8.8",
    "::",
  ])("%s is public", (address) => {
    expect(classifyAddress(address)).toBe("public");
  });

  it.each([
    "",
    "localhost",
    "256.1.1.1",
    "1.2.3",
    "01.2.3.4",
    "1:2:3:4:5:6:7:8:9",
    "1::2::3",
    ":1::",
    "12345::",
  ])("%s is no address", (text) => {
    expect(classifyAddress(text)).toBe("invalid");
  });

  it("agrees with itself on every IPv4 address written as IPv4-mapped IPv6", () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        expect(classifyAddress(`::ffff:${address}`)).toBe(classifyAddress(address));
      }),
    );
  });

  it("reads every IPv4 and IPv6 address fast-check can write", () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6()), (address) => {
        expect(classifyAddress(address)).not.toBe("invalid");
      }),
    );
  });
});

describe("normalizeAddress", () => {
  it("writes each address one way", () => {
    expect(normalizeAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(normalizeAddress("FE80::1%eth0")).toBe("fe80::1");
    expect(normalizeAddress("203.0.113.9")).toBe("203.0.113.9");
  });
});

describe("isLoopbackAddress", () => {
  it("is true only for the machine itself", () => {
    for (const ip of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(ip)).toBe(true);
    for (const ip of ["10.0.0.1", "192.168.1.1", "fe80::1", "::", "8.8.8.8", "nonsense"]) {
      expect(isLoopbackAddress(ip)).toBe(false);
    }
  });
});
