import { Search } from "lucide-react";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { useSearchText } from "@/lib/use-search-text";

const SEARCH_MAX_LENGTH = 100;

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
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          placeholder={placeholder}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          value={search.text}
          onChange={(event) => search.change(event.target.value)}
          className="pl-10 sm:h-10"
        />
      </div>
    </div>
  );
}
