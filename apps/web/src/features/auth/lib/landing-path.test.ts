import { describe, expect, it } from "vitest";
import { homePathFor, landingPathFor } from "./landing-path";

const customer = { role: "customer" } as const;
const admin = { role: "admin" } as const;

describe("landing path", () => {
  it("sends customers to the dashboard and staff to /admin by default", () => {
    expect(homePathFor(customer)).toBe("/dashboard");
    expect(homePathFor(admin)).toBe("/admin");
    expect(landingPathFor(customer, null)).toBe("/dashboard");
    expect(landingPathFor(admin, null)).toBe("/admin");
  });

  it("honours a safe next path", () => {
    expect(landingPathFor(customer, "/wallet")).toBe("/wallet");
    expect(landingPathFor(customer, "/history?q=bob")).toBe("/history?q=bob");
    expect(landingPathFor(admin, "/admin")).toBe("/admin");
  });

  it("ignores unsafe targets and sign-in pages", () => {
    expect(landingPathFor(customer, "//evil.example")).toBe("/dashboard");
    expect(landingPathFor(customer, "https://evil.example")).toBe("/dashboard");
    expect(landingPathFor(customer, "/auth/login")).toBe("/dashboard");
  });

  it("keeps customers out of /admin and staff out of the customer screens", () => {
    expect(landingPathFor(customer, "/admin")).toBe("/dashboard");
    expect(landingPathFor(admin, "/wallet")).toBe("/admin");
  });
});
