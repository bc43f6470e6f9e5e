import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { api } from "./api-client";

const walletSchema = z.object({ balanceSats: z.string() });

beforeEach(() => {
  // A page opened a second ago: early answers stand in only in a page's first seconds, and the test
  // window (shared by the test files of a worker) may have been open far longer.
  vi.spyOn(performance, "now").mockReturnValue(1_000);
});
afterEach(() => {
  delete window.satsbankEarly;
  vi.restoreAllMocks();
});

describe("the dashboard's early requests (public/early-data.js)", () => {
  it("answer the app's first request for the same path, once; the next one asks the server", async () => {
    window.satsbankEarly = { "/api/wallet": Promise.resolve(Response.json({ balanceSats: "5" })) };
    const fetchMock = vi.fn(async () => Response.json({ balanceSats: "7" }));
    vi.stubGlobal("fetch", fetchMock);

    expect(await api.get("/api/wallet", walletSchema)).toEqual({ balanceSats: "5" });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await api.get("/api/wallet", walletSchema)).toEqual({ balanceSats: "7" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("are not used when they failed or were refused: the app asks again", async () => {
    window.satsbankEarly = {
      "/api/wallet": Promise.resolve(new Response(null, { status: 401 })),
      "/api/auth/me": Promise.resolve(undefined),
    };
    const fetchMock = vi.fn(async () => Response.json({ balanceSats: "7" }));
    vi.stubGlobal("fetch", fetchMock);

    expect(await api.get("/api/wallet", walletSchema)).toEqual({ balanceSats: "7" });
    expect(await api.get("/api/auth/me", walletSchema)).toEqual({ balanceSats: "7" });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("are not used once the page has been open 10 s: the first screen only", async () => {
    window.satsbankEarly = { "/api/wallet": Promise.resolve(Response.json({ balanceSats: "5" })) };
    vi.spyOn(performance, "now").mockReturnValue(10_001);
    const fetchMock = vi.fn(async () => Response.json({ balanceSats: "7" }));
    vi.stubGlobal("fetch", fetchMock);

    expect(await api.get("/api/wallet", walletSchema)).toEqual({ balanceSats: "7" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("never answer a request that is not a plain GET of that path", async () => {
    window.satsbankEarly = { "/api/wallet": Promise.resolve(Response.json({ balanceSats: "5" })) };
    const fetchMock = vi.fn(async () => Response.json({ balanceSats: "7" }));
    vi.stubGlobal("fetch", fetchMock);

    expect(await api.post("/api/wallet", { a: 1 }, walletSchema)).toEqual({ balanceSats: "7" });
    expect(await api.get("/api/other", walletSchema)).toEqual({ balanceSats: "7" });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
