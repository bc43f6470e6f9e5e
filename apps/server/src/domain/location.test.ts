import { describe, expect, it } from "vitest";
import { describeLocation } from "./location.js";

const atlas: Record<string, { city?: string; country?: string }> = {
  "81.2.69.142": { city: "London", country: "United Kingdom" },
  "2.125.160.216": { country: "United Kingdom" },
};
const lookup = (ip: string) => atlas[ip] ?? null;

describe("describeLocation", () => {
  it("calls private, loopback and link-local addresses the local network, without a lookup", () => {
    const never = () => {
      throw new Error("looked up");
    };
    for (const ip of [
      "127.0.0.1",
      "::1",
      "10.1.2.3",
      "192.168.0.7",
      "fe80::1",
      "fd00::5",
      "::ffff:127.0.0.1",
    ]) {
      expect(describeLocation(ip, never)).toBe("Local network");
    }
  });

  it("names the city and country, or the country alone", () => {
    expect(describeLocation("81.2.69.142", lookup)).toBe("London, United Kingdom");
    expect(describeLocation("2.125.160.216", lookup)).toBe("United Kingdom");
  });

  it("says Unknown when the database has nothing, or the address is no address", () => {
    expect(describeLocation("203.0.113.9", lookup)).toBe("Unknown");
    expect(describeLocation("not-an-ip", lookup)).toBe("Unknown");
  });
});
