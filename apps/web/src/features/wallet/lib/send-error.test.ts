import type { ErrorReason } from "@satsbank/shared";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { sendErrorToast } from "./send-error";

function validation(fields: Record<string, string>, reason?: ErrorReason) {
  return new ApiError({ status: 400, code: "VALIDATION_ERROR", message: "Invalid request", fields, reason });
}

describe("sendErrorToast", () => {
  it("titles a refusal by its reason code, whatever its text says", () => {
    expect(sendErrorToast(validation({ recipient: "Any words at all" }, "unknownRecipient"), "x")).toEqual({
      title: "Recipient not found",
      text: "Any words at all",
    });
    expect(
      sendErrorToast(validation({ recipient: "No customer has that username" }, "selfSend"), "x"),
    ).toEqual({
      title: "Invalid recipient",
      text: "No customer has that username",
    });
    expect(sendErrorToast(validation({ recipient: "x" }, "invalidAddress"), "x").title).toBe(
      "Invalid recipient",
    );
    expect(sendErrorToast(validation({ amount: "Too small" }, "belowDust"), "x")).toEqual({
      title: "Invalid amount",
      text: "Too small",
    });
  });

  it("says an amount problem is about funds or about the amount, by its reason", () => {
    expect(
      sendErrorToast(validation({ amount: "You can only send up to 0.005 BTC" }, "insufficientFunds"), "x"),
    ).toEqual({ title: "Insufficient funds", text: "You can only send up to 0.005 BTC" });
    expect(
      sendErrorToast(validation({ amount: "Please enter a valid amount" }, "invalidAmount"), "x").title,
    ).toBe("Invalid amount");
  });

  it("shows the recipient's message first when both fields are refused", () => {
    const both = validation(
      { recipient: "Nobody", amount: "Please enter a valid amount" },
      "unknownRecipient",
    );
    expect(sendErrorToast(both, "x")).toEqual({ title: "Recipient not found", text: "Nobody" });
  });

  it("without a reason, titles by the field, then by the code", () => {
    expect(sendErrorToast(validation({ recipient: "Recipient required" }), "x").title).toBe(
      "Invalid recipient",
    );
    expect(sendErrorToast(validation({ note: "Too long" }), "x")).toEqual({
      title: "Invalid note",
      text: "Too long",
    });
    const forbidden = new ApiError({ status: 403, code: "FORBIDDEN", message: "Some words" });
    expect(sendErrorToast(forbidden, "x")).toEqual({ title: "Verification required", text: "Some words" });
    const conflict = new ApiError({ status: 409, code: "CONFLICT", message: "Other words" });
    expect(sendErrorToast(conflict, "x").title).toBe("Send not repeated");
  });

  it("titles refusals that share the FORBIDDEN code by their reasons", () => {
    const notVerified = new ApiError({ status: 403, code: "FORBIDDEN", message: "m", reason: "notVerified" });
    expect(sendErrorToast(notVerified, "x").title).toBe("Verification required");
    const reused = new ApiError({ status: 409, code: "CONFLICT", message: "m", reason: "keyReused" });
    expect(sendErrorToast(reused, "x").title).toBe("Send not repeated");
  });

  it("titles the custody refusals by their reasons: the bank's own address, withdrawals paused (503)", () => {
    const own = validation(
      {
        recipient:
          "This address belongs to the bank itself: send to a customer's username or an address outside the bank.",
      },
      "ownAddress",
    );
    expect(sendErrorToast(own, "x")).toEqual({
      title: "Address not allowed",
      text: "This address belongs to the bank itself: send to a customer's username or an address outside the bank.",
    });
    const paused = new ApiError({
      status: 503,
      code: "SERVICE_UNAVAILABLE",
      message:
        "Withdrawals are paused while the bank checks its books. Your money is safe; please try again later.",
      reason: "withdrawalsPaused",
    });
    expect(sendErrorToast(paused, "Send failed")).toEqual({
      title: "Withdrawals paused",
      text: "Withdrawals are paused while the bank checks its books. Your money is safe; please try again later.",
    });
  });

  it("falls back to the given title and the server's (or a plain) message", () => {
    const down = new ApiError({
      status: 0,
      code: "SERVICE_UNAVAILABLE",
      message: "Could not reach the server.",
    });
    expect(sendErrorToast(down, "Send failed")).toEqual({
      title: "Send failed",
      text: "Could not reach the server.",
    });
    expect(sendErrorToast(new Error("boom"), "Send failed")).toEqual({
      title: "Send failed",
      text: "Something went wrong. Please try again.",
    });
  });
});
