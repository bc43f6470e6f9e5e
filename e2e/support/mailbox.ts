import { type APIRequestContext, expect } from "@playwright/test";

/** One message of the dev mailbox (`GET /api/dev/mailbox?to=`), newest first. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

async function fetchMessages(request: APIRequestContext, to: string): Promise<MailMessage[]> {
  const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(response.ok(), `GET /api/dev/mailbox answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { messages: MailMessage[] };
  return body.messages;
}

/** The sign-in code: the only 6-digit number in the message. */
export function codeIn(text: string): string | undefined {
  const codes = text.match(/\b\d{6}\b/g);
  return codes?.length === 1 ? codes[0] : undefined;
}

/** The path and query of the message's link to `page` (a URL holding "<page>?token="), if it has one. */
export function linkPathIn(text: string, page: string): string | undefined {
  const found = text.match(/https?:\/\/[^\s"'<>]+/g)?.find((link) => link.includes(`${page}?token=`));
  if (found === undefined) return undefined;
  // A sentence may end right after the link. The path is opened against the server under test, whatever
  // origin the mail names.
  const url = new URL(found.replace(/[.,;:!?)\]]+$/, ""));
  return `${url.pathname}${url.search}`;
}

/**
 * One address's inbox, remembering what was already there, so a test reads only the mail its own
 * action caused. Open it before the action.
 */
export class Inbox {
  private constructor(
    private readonly request: APIRequestContext,
    readonly address: string,
    private seen: number,
  ) {}

  static async open(request: APIRequestContext, address: string): Promise<Inbox> {
    return new Inbox(request, address, (await fetchMessages(request, address)).length);
  }

  /** Waits for a new message that `pick` finds something in, and returns what it found. */
  async next<T>(pick: (message: MailMessage) => T | undefined, what: string): Promise<T> {
    let found: T | undefined;
    await expect
      .poll(
        async () => {
          const messages = await fetchMessages(this.request, this.address);
          const fresh = messages.slice(0, messages.length - this.seen);
          for (const message of fresh) {
            found = pick(message);
            if (found !== undefined) {
              this.seen = messages.length;
              return true;
            }
          }
          return false;
        },
        { message: `waiting for ${what} mailed to ${this.address}`, timeout: 10_000 },
      )
      .toBe(true);
    if (found === undefined) throw new Error(`no ${what} for ${this.address}`);
    return found;
  }

  nextCode(): Promise<string> {
    return this.next((message) => codeIn(message.text), "a sign-in code");
  }

  /** The password reset link's path and query. */
  nextResetPath(): Promise<string> {
    return this.next((message) => linkPathIn(message.text, "/auth/reset-password"), "a password reset link");
  }

  /** The email verification link's path and query. */
  nextVerificationPath(): Promise<string> {
    return this.next(
      (message) => linkPathIn(message.text, "/auth/verify-email"),
      "an email verification link",
    );
  }
}
