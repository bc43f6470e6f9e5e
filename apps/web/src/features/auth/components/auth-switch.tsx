import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

export interface AuthSwitchProps {
  /** The words before the link: "Already have an account?". */
  question?: string;
  to: string;
  /** The link's words: "Sign in". */
  children: ReactNode;
}

/** The line under an auth form that leads to another one: "Already have an account? Sign in". */
export function AuthSwitch({ question, to, children }: AuthSwitchProps) {
  return (
    <p className="text-center text-sm text-muted-foreground">
      {question && `${question} `}
      <Button asChild variant="link">
        <Link to={to}>{children}</Link>
      </Button>
    </p>
  );
}
