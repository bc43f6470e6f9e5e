import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { sendErrorToast } from "./send-error";

function validation(fields: Record<string, string>) {
  return new ApiError({ status: 400, code: "VALIDATION_ERROR", message: "Invalid request", fields });
}

describe("sendErrorToast", () => {
  it("titles the server's recipient messages from the shared contract", () => {
    expect(
      sendErrorToast(validation({ recipient: "No customer has that username or deposit address" }), "x"),
    ).toEqual({
      title: "Recipient not found",
      text: "No customer has that username or deposit address",
    });
    expect(sendErrorToast(validation({ recipient: "You can't send Bitcoin to yourself" }), "x")).toEqual({
      title: "Invalid recipient",
      text: "You can't send Bitcoin to yourself",
    });
    expect(sendErrorToast(validation({ recipient: "Something else" }), "x").title).toBe("Invalid recipient");
  });

  it("says an amount problem is about funds", () => {
    expect(sendErrorToast(validation({ amount: "You can only send up to 0.005 BTC" }), "x")).toEqual({
      title: "Insufficient funds",
      text: "You can only send up to 0.005 BTC",
    });
  });

  it("titles a refused verification and a reused key", () => {
    const forbidden = new ApiError({
      status: 403,
      code: "FORBIDDEN",
      message: "Verify your identity and address before sending Bitcoin",
    });
    expect(sendErrorToast(forbidden, "x")).toEqual({
      title: "Verification required",
      text: "Verify your identity and address before sending Bitcoin",
    });
    const conflict = new ApiError({
      status: 409,
      code: "CONFLICT",
      message: "This send was already submitted with different details",
    });
    expect(sendErrorToast(conflict, "x").title).toBe("Send not repeated");
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
