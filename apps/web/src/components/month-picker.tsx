import { statementMonthSchema } from "@satsbank/shared";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { currentMonth } from "@/lib/statement-month";

export interface MonthPickerProps {
  label: string;
  /** "2026-10". */
  value: string;
  onChange: (month: string) => void;
}

/**
 * A month up to this one (the browser's month field): a statement's month. A value the field cannot give
 * as a month ("", half typed) changes nothing.
 */
export function MonthPicker({ label, value, onChange }: MonthPickerProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="month"
        className="w-48"
        value={value}
        max={currentMonth()}
        onChange={(event) => {
          const chosen = event.target.value;
          if (statementMonthSchema.safeParse(chosen).success) onChange(chosen);
        }}
      />
    </div>
  );
}
