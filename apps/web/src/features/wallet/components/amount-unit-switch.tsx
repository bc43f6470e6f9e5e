import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import { AMOUNT_UNITS, type AmountUnit } from "@/lib/amount-input";
import { cn } from "@/lib/cn";

const UNIT_NAMES: Record<AmountUnit, string> = { BTC: "BTC", sats: "sats", USD: "USD" };

/**
 * The unit the amount is typed in, as a segmented control: a radio group (one tab stop, arrow keys
 * choose), each option a 32 px high target.
 */
export function AmountUnitSwitch({
  unit,
  onUnitChange,
}: {
  unit: AmountUnit;
  onUnitChange: (unit: AmountUnit) => void;
}) {
  return (
    <RadioGroupPrimitive.Root
      aria-label="Amount unit"
      orientation="horizontal"
      value={unit}
      onValueChange={(value) => onUnitChange(value as AmountUnit)}
      className="inline-flex rounded-lg border border-border bg-muted p-0.5"
    >
      {AMOUNT_UNITS.map((option) => (
        <RadioGroupPrimitive.Item
          key={option}
          value={option}
          className={cn(
            "h-8 min-w-11 rounded-md px-2.5 text-xs font-semibold text-muted-foreground outline-none transition-colors",
            "focus-visible:ring-2 focus-visible:ring-ring hover:text-foreground",
            "data-[state=checked]:bg-card data-[state=checked]:text-foreground data-[state=checked]:shadow-xs",
          )}
        >
          {UNIT_NAMES[option]}
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  );
}
