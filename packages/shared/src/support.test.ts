import { describe, expect, it } from "vitest";
import { supportMessages, supportRequestBodySchema } from "./support.js";
import { textMessages } from "./text.js";

/** The first message of each field, as forms and the server show them. */
const first = (body: unknown) =>
  Object.fromEntries(
    (supportRequestBodySchema.safeParse(body).error?.issues ?? [])
      .reverse()
      .map((issue) => [issue.path[0], issue.message]),
  );

describe("a support request's subject and message", () => {
  it("says what is missing, too short or too long", () => {
    expect(first({ subject: "", message: " " })).toEqual({
      subject: supportMessages.subjectRequired,
      message: supportMessages.messageRequired,
    });
    expect(first({ subject: "Hi", message: "Help me" })).toEqual({
      subject: "Subject must be at least 3 characters",
      message: "Message must be at least 10 characters",
    });
    expect(first({ subject: "s".repeat(121), message: "m".repeat(4001) })).toEqual({
      subject: "Subject must be at most 120 characters",
      message: "Message must be at most 4000 characters",
    });
    expect(first({ subject: "s".repeat(120), message: "m".repeat(4000) })).toEqual({});
  });

  it("keeps the message's lines and refuses any other control character", () => {
    const body = supportRequestBodySchema.parse({
      subject: " My deposit ",
      message: "Hello,\r\nmy deposit has not arrived.\r\n",
    });
    expect(body).toEqual({ subject: "My deposit", message: "Hello,\nmy deposit has not arrived." });
    expect(first({ subject: "My\ndeposit", message: "Hello\u0000 there, friends" })).toEqual({
      subject: textMessages.hostile,
      message: textMessages.hostile,
    });
  });
});
