import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, api, apiRequest, isApiError } from "./api-client";

function respondWith(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe("api client", () => {
  it("sends JSON with same-origin credentials and parses the answer with the schema", async () => {
    const fetchMock = respondWith(Response.json({ ok: true, extra: 1 }));
    const result = await api.post("/api/thing", { a: 1 }, z.object({ ok: z.boolean() }));
    expect(result).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith("/api/thing", {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ a: 1 }),
      signal: undefined,
    });
  });

  it("sends a file's text as it is, with its own content type", async () => {
    const fetchMock = respondWith(Response.json({ imported: 1 }));
    const text = '{"type":"tx","ref":"ab","label":"Rent"}\n{"type":"addr"';
    const result = await apiRequest("/api/labels/bip329", {
      text: { body: text, contentType: "application/jsonl" },
      schema: z.object({ imported: z.number() }),
    });
    expect(result).toEqual({ imported: 1 });
    expect(fetchMock).toHaveBeenCalledWith("/api/labels/bip329", {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json", "Content-Type": "application/jsonl" },
      body: text,
      signal: undefined,
    });
  });

  it("sends an empty JSON object on a state-changing request without a body", async () => {
    const fetchMock = respondWith(new Response(null, { status: 204 }));
    await api.post("/api/auth/logout");
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/auth/logout",
      expect.objectContaining({
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: "{}",
      }),
    );
  });

  it("sends a GET without a body or a content type", async () => {
    const fetchMock = respondWith(Response.json({}));
    await api.get("/api/x", z.unknown());
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/x",
      expect.objectContaining({ method: "GET", headers: { Accept: "application/json" }, body: undefined }),
    );
  });

  it("sends FormData as is, without a JSON content type", async () => {
    const fetchMock = respondWith(new Response(null, { status: 204 }));
    const form = new FormData();
    form.append("file", "x");
    await apiRequest("/api/upload", { body: form });
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/upload",
      expect.objectContaining({ method: "POST", body: form, headers: { Accept: "application/json" } }),
    );
  });

  it("turns the error shape into a typed ApiError", async () => {
    respondWith(
      Response.json(
        {
          error: { code: "VALIDATION_ERROR", message: "Invalid", fields: { email: "Invalid email address" } },
        },
        { status: 400 },
      ),
    );
    const error = await rejection(api.get("/api/x", z.unknown()));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "VALIDATION_ERROR", message: "Invalid" });
    expect(error.fields).toEqual({ email: "Invalid email address" });
  });

  it("names an error without the error shape by its status", async () => {
    respondWith(new Response("<html>bad gateway</html>", { status: 502, statusText: "Bad Gateway" }));
    const error = await rejection(api.get("/api/x", z.unknown()));
    expect(error).toMatchObject({ status: 502, code: "INTERNAL", message: "Bad Gateway", fields: {} });

    respondWith(new Response("", { status: 401 }));
    expect(await rejection(api.get("/api/x", z.unknown()))).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("reports an unreachable server as SERVICE_UNAVAILABLE", async () => {
    respondWith(new TypeError("Failed to fetch"));
    const error = await rejection(api.get("/api/x", z.unknown()));
    expect(error).toMatchObject({ status: 0, code: "SERVICE_UNAVAILABLE" });
  });

  it("reports a body that breaks the contract as INTERNAL", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    respondWith(Response.json({ brandName: 42 }));
    const error = await rejection(api.get("/api/meta", z.object({ brandName: z.string() })));
    expect(error).toMatchObject({ status: 200, code: "INTERNAL" });
    expect(consoleError).toHaveBeenCalled();
  });
});
