import type { ReorgedDeposit } from "@satsbank/shared";
import { Button } from "@/components/ui/button";
import { btcText } from "@/lib/money-text";
import { notify } from "@/lib/notify";
import { type DepositResolution, useResolveDeposit } from "../api/resolve-deposit";
import { ReasonDialog } from "./reason-dialog";

type Resolved = Pick<ReorgedDeposit, "txid" | "vout" | "valueSats" | "heldSats" | "customer">;

const AUDIT = "The reason is kept in the audit log.";

const WORDS = {
  reverse: {
    button: "Reverse",
    busy: "Reversing...",
    variant: "destructive",
    title: (amount: string) => `Reverse the deposit of ${amount}?`,
    text: (held: string, name: string) =>
      `The network reversed this deposit and it did not confirm again. The ${held} held on ${name}'s account is taken back, and ${name} is told why; what they had already spent of it, the bank writes off. ${AUDIT}`,
    done: "Deposit reversed",
    doneText: (name: string) => `The amount held is taken back, and ${name} is told why.`,
    refused: "Deposit not reversed",
  },
  absorb: {
    button: "Absorb",
    busy: "Absorbing...",
    variant: "outline",
    title: (amount: string) => `Absorb the deposit of ${amount}?`,
    text: (held: string, name: string) =>
      `The bank bears the loss: the ${held} held on ${name}'s account is released to them, and the deposit's coin is written off. Reserves fall short by that much until the bank adds coins of its own. ${AUDIT}`,
    done: "Deposit absorbed",
    doneText: (name: string) => `The hold is released to ${name}; the bank bears the loss.`,
    refused: "Deposit not absorbed",
  },
} as const;

/**
 * Reverse a reorganised deposit that did not come back (the amount held taken back from the customer), or
 * absorb it (the hold released, the bank bears the loss): a dialog saying so, with the reason.
 */
export function ResolveDepositDialog({
  deposit,
  resolution,
}: {
  deposit: Resolved;
  resolution: DepositResolution;
}) {
  const mutation = useResolveDeposit(resolution);
  const words = WORDS[resolution];
  const amount = btcText(BigInt(deposit.valueSats));
  const held = btcText(BigInt(deposit.heldSats ?? "0"));
  const { name } = deposit.customer;
  return (
    <ReasonDialog
      trigger={
        <Button variant={words.variant} size="sm">
          {words.button}
          <span className="sr-only">{` the deposit of ${amount} to ${name}`}</span>
        </Button>
      }
      title={words.title(amount)}
      description={words.text(held, name)}
      submitLabel={words.button}
      busyLabel={words.busy}
      submitVariant={words.variant}
      send={(reason) => mutation.mutateAsync({ txid: deposit.txid, vout: deposit.vout, reason })}
      onDone={() => notify.success(words.done, words.doneText(name))}
      refusedTitle={words.refused}
    />
  );
}
