import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { createQueryClient } from "./query-client";
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
});
