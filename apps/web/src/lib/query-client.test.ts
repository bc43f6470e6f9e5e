import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { createQueryClient, RETRY_DELAY_MS } from "./query-client";
import { queryKeys } from "./query-keys";

const unauthenticated = () =>
  Promise.reject(new ApiError({ status: 401, code: "UNAUTHENTICATED", message: "Sign in" }));

describe("query client", () => {
  it("asks for the session again when any query answers 401", async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.me, { id: "u1" });
    await client.fetchQuery({ queryKey: ["other"], queryFn: unauthenticated }).catch(() => {});
    expect(client.getQueryState(queryKeys.me)?.isInvalidated).toBe(true);
  });

  it("does the same for a mutation, and ignores other errors", async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.me, { id: "u1" });
    const failing = (status: number) =>
      client
        .getMutationCache()
        .build(client, {
          mutationFn: () => Promise.reject(new ApiError({ status, code: "BAD_REQUEST", message: "x" })),
        })
        .execute(undefined)
        .catch(() => {});
    await failing(400);
    expect(client.getQueryState(queryKeys.me)?.isInvalidated).toBe(false);
    await failing(401);
    expect(client.getQueryState(queryKeys.me)?.isInvalidated).toBe(true);
  });

  it.each([
    [400, 1],
    [401, 1],
    [404, 1],
    [429, 1],
    [500, 2],
    [503, 2],
  ])("asks %i times in all when a load answers %i, then shows the error", async (status, calls) => {
    vi.useFakeTimers();
    try {
      const client = createQueryClient();
      const queryFn = vi.fn(() =>
        Promise.reject(new ApiError({ status, code: "INTERNAL", message: "Request failed" })),
      );
      const observer = client.getQueryCache().build(client, { queryKey: ["load", status], queryFn });
      const done = observer.fetch().catch(() => {});
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
      await done;
      expect(queryFn).toHaveBeenCalledTimes(calls);
      expect(client.getQueryState(["load", status])?.status).toBe("error");
    } finally {
      vi.useRealTimers();
    }
  });

  it("retries a network failure once, half a second later", async () => {
    vi.useFakeTimers();
    try {
      const client = createQueryClient();
      const queryFn = vi.fn(() => Promise.reject(new TypeError("Failed to fetch")));
      const query = client.getQueryCache().build(client, { queryKey: ["offline"], queryFn });
      const done = query.fetch().catch(() => {});
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
      expect(queryFn).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await done;
      expect(queryFn).toHaveBeenCalledTimes(2);
      expect(client.getQueryState(["offline"])?.status).toBe("error");
    } finally {
      vi.useRealTimers();
    }
  });
});
