import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

export interface LoadErrorProps {
  /** What could not be loaded, as a sentence: "Your balance could not be loaded." */
  message: string;
  onRetry: () => void;
  className?: string;
}

/** A part of a screen whose data did not arrive: say so, and offer "Try again". */
export function LoadError({ message, onRetry, className }: LoadErrorProps) {
  return (
    <div role="alert" className={cn("flex flex-col items-start gap-2", className)}>
      <p className="text-sm">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
