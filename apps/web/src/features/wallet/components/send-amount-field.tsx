import { formatBtcPlain, type Price, parseBtc, type SendForm } from "@satsbank/shared";
import { type Control, Controller } from "react-hook-form";
import { AmountInput } from "@/components/amount-input";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { btcText, usdText } from "@/lib/money-text";

export interface SendAmountFieldProps {
  control: Control<SendForm>;
  /** What can be sent now to the recipient as typed: shown as "Available". */
  availableSats: bigint;
  /** What is left of today's send limit ("Left today"), or null when there is none to show. */
  leftTodaySats: bigint | null;
  /** What Max fills in: the available amount, within what is left today. */
  maxSats: bigint;
  price: Pick<Price, "usdPerBtc">;
  error?: string;
  /** After every change of the amount (typed, pasted or Max), once the form holds the new value. */
  onEdited: () => void;
}

/**
 * "Amount (BTC)" with its USD estimate, the amount available to send, what is left of today's limit, and
 * Max, which fills in the most of both.
 * Max is a full-height button beside the field rather than a link inside it: a touch target of its own
 * that overlaps nothing (WCAG 2.5.8).
 */
export function SendAmountField({
  control,
  availableSats,
  leftTodaySats,
  maxSats,
  price,
  error,
  onEdited,
}: SendAmountFieldProps) {
  return (
    <Controller
      control={control}
      name="amount"
      render={({ field }) => {
        const change = (value: string) => {
          field.onChange(value);
          onEdited();
        };
        const hint = (
          <span className="flex flex-wrap justify-between gap-x-3 gap-y-1 tabular-nums">
            <span>{`≈ ${usdText(parseBtc(field.value) ?? 0n, price)}`}</span>{" "}
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
        );
        return (
          <FormField label="Amount (BTC)" hint={hint} error={error}>
            {(controlProps) => (
              <div className="flex gap-2">
                <AmountInput
                  {...controlProps}
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onBlur={field.onBlur}
                  onValueChange={change}
                  placeholder="0.00000000"
                />
                <Button variant="outline" onClick={() => change(formatBtcPlain(maxSats))}>
                  Max
                </Button>
              </div>
            )}
          </FormField>
        );
      }}
    />
  );
}
