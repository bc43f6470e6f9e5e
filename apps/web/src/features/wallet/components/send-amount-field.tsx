import type { Price, SendForm } from "@satsbank/shared";
import { type Control, Controller } from "react-hook-form";
import { AmountInput } from "@/components/amount-input";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { isAmountCharacters } from "@/lib/amount-input";
import { btcText, usdText } from "@/lib/money-text";
import type { SendAmountState } from "../lib/use-send-amount";
import { AmountUnitSwitch } from "./amount-unit-switch";

export interface SendAmountFieldProps {
  control: Control<SendForm>;
  amount: SendAmountState;
  /** The spendable balance: shown as "Available", whoever the recipient is. */
  availableSats: bigint;
  /** What can go to the recipient with the fee: said beside "Available" when a fee makes it less. */
  sendableSats: bigint;
  /** The network fee to the recipient as far as the form knows it (0 inside the bank). */
  feeSats: bigint;
  /** What is left of today's send limit ("Left today"), or null when there is none to show. */
  leftTodaySats: bigint | null;
  price: Pick<Price, "usdPerBtc">;
  /** The mark Continue left on the field; a problem with the text as typed is said first. */
  error?: string | undefined;
}

const LABELS = { BTC: "Amount (BTC)", sats: "Amount (sats)", USD: "Amount (USD)" } as const;
const PLACEHOLDERS = { BTC: "0.00000000", sats: "0", USD: "0.00" } as const;

/**
 * The amount, in BTC, sats or US dollars, with what it comes to in the other currency, the balance
 * available (always shown; when a network fee makes less of it sendable to the recipient, that is said
 * beside it), what is left of today's limit, and Max: everything, fee included, for the recipient typed.
 * Max is a full-height button beside the field rather than a link inside it: a touch target of its own
 * that overlaps nothing (WCAG 2.5.8); it stays pressed while the amount follows it.
 */
export function SendAmountField({
  control,
  amount,
  availableSats,
  sendableSats,
  feeSats,
  leftTodaySats,
  price,
  error,
}: SendAmountFieldProps) {
  const { unit, reading, context } = amount;
  const sats = reading.kind === "amount" ? reading.sats : 0n;
  const decimal = context.decimalSeparator;
  const hint = (
    <span className="flex flex-col gap-1">
      <span className="flex flex-wrap justify-between gap-x-3 gap-y-1 tabular-nums">
        <span>{unit === "USD" ? `≈ ${btcText(sats)}` : `≈ ${usdText(sats, price)}`}</span>{" "}
        <span className="flex flex-wrap gap-x-3">
          <span>{`Available: ${btcText(availableSats)}`}</span>
          {leftTodaySats !== null && (
            <>
              {" "}
              <span>{`Left today: ${btcText(leftTodaySats)}`}</span>
            </>
          )}
        </span>
      </span>
      {feeSats > 0n && (
        <>
          {" "}
          <span>{`Up to ${btcText(sendableSats)} to this address: the ${btcText(feeSats)} network fee comes out of your balance too.`}</span>
        </>
      )}
    </span>
  );
  return (
    <Controller
      control={control}
      name="amount"
      render={({ field }) => (
        <FormField
          label={LABELS[unit]}
          labelAside={<AmountUnitSwitch unit={unit} onUnitChange={amount.switchUnit} />}
          hint={hint}
          error={amount.liveProblem ?? error}
        >
          {(controlProps) => (
            <div className="flex gap-2">
              <AmountInput
                {...controlProps}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onValueChange={amount.type}
                accepts={isAmountCharacters}
                onRefused={amount.refuse}
                inputMode={unit === "sats" ? "numeric" : "decimal"}
                placeholder={PLACEHOLDERS[unit].replace(".", decimal)}
              />
              <Button
                variant={amount.maxOn ? "secondary" : "outline"}
                aria-pressed={amount.maxOn}
                onClick={amount.max}
              >
                Max
              </Button>
            </div>
          )}
        </FormField>
      )}
    />
  );
}
