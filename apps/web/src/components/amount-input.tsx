import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { isAmountInput } from "@/lib/amount-input";

export interface AmountInputProps extends Omit<ComponentProps<"input">, "value" | "onChange" | "type"> {
  value: string;
  onValueChange: (value: string) => void;
  /** What the field may hold as typed or pasted; by default a BTC amount with a point (`isAmountInput`). */
  accepts?: (text: string) => boolean;
  /** A keystroke or paste `accepts` refused (the field keeps its value): say so, never silently. */
  onRefused?: (text: string) => void;
}

/**
 * An amount: a keystroke or paste that `accepts` refuses leaves the controlled value as it was, and
 * `onRefused` says why. By default digits and one decimal point, at most 8 decimals.
 */
export function AmountInput({
  value,
  onValueChange,
  accepts = isAmountInput,
  onRefused,
  ...props
}: AmountInputProps) {
  return (
    <Input
      inputMode="decimal"
      {...props}
      type="text"
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(event) => {
        if (accepts(event.target.value)) onValueChange(event.target.value);
        else onRefused?.(event.target.value);
      }}
    />
  );
}
