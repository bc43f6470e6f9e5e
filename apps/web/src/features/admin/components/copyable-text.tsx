import { CopyButton } from "@/components/copy-button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { truncateMiddle } from "@/lib/truncate-middle";

export interface CopyableTextProps {
  value: string;
  /** What it is, in lower case: "address" makes "Copy address" and the toast "Address copied". */
  noun: string;
  /** How many characters show before and after the cut (10 and 6). */
  head?: number;
  tail?: number;
}

/**
 * A long value (an address, a txid) cut in the middle. The whole value shows in a tooltip on hover and on
 * keyboard focus, a screen reader reads all of it, and a button copies it.
 */
export function CopyableText({ value, noun, head, tail }: CopyableTextProps) {
  const copied = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} copied`;
  return (
    <span className="inline-flex items-center gap-0.5">
      <Tooltip>
        <TooltipTrigger asChild>
          <span
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab stop, so the keyboard opens the tooltip too.
            tabIndex={0}
            className="rounded-sm font-mono text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span aria-hidden="true">{truncateMiddle(value, head, tail)}</span>
            <span className="sr-only">{value}</span>
          </span>
        </TooltipTrigger>
        <TooltipContent className="max-w-sm font-mono break-all">{value}</TooltipContent>
      </Tooltip>
      <CopyButton value={value} label={`Copy ${noun} ${value}`} copiedTitle={copied} />
    </span>
  );
}
