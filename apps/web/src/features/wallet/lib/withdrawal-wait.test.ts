import { describe, expect, it } from "vitest";
import { holdText, reviewText, sentToast } from "./withdrawal-wait";

describe("withdrawal wait words", () => {
  it("counts hours and reviewers", () => {
    expect(holdText(1)).toBe("1 hour");
    expect(holdText(24)).toBe("24 hours");
    expect(reviewText(1)).toBe("It will be reviewed by our staff before it is sent.");
    expect(reviewText(2)).toBe("It will be reviewed by two members of our staff before it is sent.");
    expect(reviewText(1, "hold")).toBe("After the hold, it will be reviewed by our staff before it is sent.");
  });

  it("a transfer inside the bank keeps the specification's toast as it is", async () => {
    expect(await sentToast({ withdrawal: null }, 0)).toEqual({ title: "Bitcoin sent successfully" });
  });

  it("a withdrawal sent at once keeps the specification's title and says it is on its way until confirmed", async () => {
    expect(await sentToast({ withdrawal: { state: "queued", heldUntil: null, reason: null } }, 0)).toEqual({
      title: "Bitcoin sent successfully",
      text: "It is on its way on the Bitcoin network and completes once the network confirms it. We will notify you then.",
    });
  });
});
