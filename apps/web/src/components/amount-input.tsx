import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { isAmountInput } from "@/lib/amount-input";

export interface AmountInputProps extends Omit<ComponentProps<"input">, "value" | "onChange" | "type"> {
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * A BTC amount: digits and one decimal point, at most 8 decimals. A keystroke or paste that would break
 * that is refused (the controlled value simply does not change), so the field never holds a bad amount.
 */
export function AmountInput({ value, onValueChange, ...props }: AmountInputProps) {
  return (
    <Input
      {...props}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(event) => {
        if (isAmountInput(event.target.value)) onValueChange(event.target.value);
      }}
    />
  );
}
