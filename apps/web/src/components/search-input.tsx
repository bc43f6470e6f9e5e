import { SEARCH_TEXT_MAX_LENGTH } from "@satsbank/shared";
import { Search } from "lucide-react";
import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";

export interface SearchInputProps extends Omit<ComponentProps<"input">, "type"> {
  /** The box's wrapper (its place in a row). `className` styles the input. */
  wrapperClassName?: string;
}

/** A search box with its magnifier: as long as the server's search takes, no autocomplete or spellcheck. */
export function SearchInput({ wrapperClassName, className, ...props }: SearchInputProps) {
  return (
    <div className={cn("relative", wrapperClassName)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        maxLength={SEARCH_TEXT_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        className={cn("pl-10", className)}
        {...props}
      />
    </div>
  );
}
