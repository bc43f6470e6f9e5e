import { useId } from "react";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { cn } from "@/lib/cn";

export interface FilterSelectProps<Value extends string> {
  label: string;
  value: Value;
  /** Each value's label, in the order the options show. */
  options: Readonly<Record<Value, string>>;
  onChange: (value: Value) => void;
  className?: string;
}

/** A labelled filter: the browser's own select over a fixed set of values. */
export function FilterSelect<Value extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: FilterSelectProps<Value>) {
  const id = useId();
  const values = Object.keys(options) as Value[];
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => {
          const next = values.find((option) => option === event.target.value);
          if (next !== undefined) onChange(next);
        }}
      >
        {values.map((option) => (
          <option key={option} value={option}>
            {options[option]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
