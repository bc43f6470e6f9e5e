import { useId } from "react";
import { SearchInput } from "@/components/search-input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { useSearchText } from "@/lib/use-search-text";

export interface SearchFieldProps {
  label: string;
  placeholder: string;
  /** The search in force (trimmed): the box follows it when it changes elsewhere. */
  value: string;
  /** Called with the trimmed text once typing pauses. */
  onSearch: (q: string) => void;
  className?: string;
}

/** A labelled search box whose text goes to the server once typing pauses (debounced). */
export function SearchField({ label, placeholder, value, onSearch, className }: SearchFieldProps) {
  const id = useId();
  const search = useSearchText(value, (text) => onSearch(text.trim()));
  return (
    <div className={cn("flex min-w-0 flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <SearchInput
        id={id}
        placeholder={placeholder}
        value={search.text}
        onChange={(event) => search.change(event.target.value)}
        className="sm:h-10"
      />
    </div>
  );
}
