import type { AdminWithdrawal } from "@satsbank/shared";

/** How many approvals a withdrawal has: the decisions that approved it. */
export function approvalsOf(withdrawal: Pick<AdminWithdrawal, "decisions">): number {
  return withdrawal.decisions.filter((decision) => decision.decision === "approved").length;
}

/** "0 of 1 approval", "1 of 2 approvals". */
export function approvalsText(approvals: number, needed: number): string {
  return `${approvals} of ${needed} ${needed === 1 ? "approval" : "approvals"}`;
}

/** "Never", "Once", "3 times": how often an address was paid before. */
export function timesText(count: number): string {
  if (count === 0) return "Never";
  return count === 1 ? "Once" : `${count} times`;
}
