import { sendMessages, type Transaction, withdrawalStateLabels } from "@satsbank/shared";

/** 1 -> "1 hour", 24 -> "24 hours". */
export function holdText(hours: number): string {
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

/**
 * Who must approve a withdrawal before it is sent, one member of staff or two different ones: "It will be
 * reviewed by our staff before it is sent." (`after` a hold: "After the hold, it will be reviewed...").
 */
export function reviewText(approvalsNeeded: number, after?: "hold"): string {
  const who = approvalsNeeded >= 2 ? "two members of our staff" : "our staff";
  return `${after === "hold" ? "After the hold, it" : "It"} will be reviewed by ${who} before it is sent.`;
}

/** A send's success toast: its title and, when there is more to say, its text. */
export interface SentToast {
  title: string;
  text?: string;
}

/** A withdrawal sent on the chain is not final yet: its toast says so under the specification's title. */
export const ON_ITS_WAY_TEXT =
  "It is on its way on the Bitcoin network and completes once the network confirms it. We will notify you then.";

/**
 * What the toast says once a send is confirmed. Money that moved inside the bank is the specification's
 * "Bitcoin sent successfully"; a withdrawal sent on the chain keeps that title and says it is on its way;
 * one that waits (held, or for staff) has not been sent, so the toast says what it waits for. The date
 * formatting loads only for a hold: the send screen does not carry it.
 */
export async function sentToast(
  sent: Pick<Transaction, "withdrawal">,
  approvalsNeeded: number,
): Promise<SentToast> {
  const progress = sent.withdrawal;
  if (progress?.state === "held" && progress.heldUntil !== null) {
    const after = approvalsNeeded > 0 ? " After the hold, our staff review it." : "";
    const { dateTimeText } = await import("@/lib/date-text");
    return {
      title: `Withdrawal held until ${dateTimeText(progress.heldUntil)}`,
      text: `It is sent then, unless you cancel it from your history.${after}`,
    };
  }
  if (progress?.state === "awaiting_approval") {
    return {
      title: withdrawalStateLabels.awaiting_approval,
      text: `${reviewText(approvalsNeeded)} You can cancel it from your history until then.`,
    };
  }
  if (progress) return { title: sendMessages.sent, text: ON_ITS_WAY_TEXT };
  return { title: sendMessages.sent };
}
