import { vi } from "vitest";

/** Answers the API calls every page makes (`GET /api/meta`); anything else is a 404. Tests may re-stub. */
export function stubApi(brandName = "Satsbank") {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith("/api/meta")) return Response.json({ brandName });
    return Response.json({ error: { code: "NOT_FOUND", message: "Not found" } }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}
