import { formatBtcPlain, type Price, parseBtc, type SendForm } from "@satsbank/shared";
import { type Control, Controller } from "react-hook-form";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { btcText, usdText } from "@/lib/money-text";
import { AmountInput } from "./amount-input";

export interface SendAmountFieldProps {
  control: Control<SendForm>;
  /** What can be sent now to the recipient as typed: shown as "Available", and what Max fills in. */
  availableSats: bigint;
  price: Pick<Price, "usdPerBtc">;
  error?: string;
  /** After every change of the amount (typed, pasted or Max), once the form holds the new value. */
  onEdited: () => void;
}

/**
 * "Amount (BTC)" with its USD estimate, the amount available to send, and Max, which fills that amount in.
 * Max is a full-height button beside the field rather than a link inside it: a touch target of its own
 * that overlaps nothing (WCAG 2.5.8).
 */
export function SendAmountField({ control, availableSats, price, error, onEdited }: SendAmountFieldProps) {
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
            <span>{`Available: ${btcText(availableSats)}`}</span>
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
                <Button variant="outline" onClick={() => change(formatBtcPlain(availableSats))}>
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
