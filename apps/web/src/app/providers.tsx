import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ToasterHost } from "@/components/ui/toaster-host";
import { createQueryClient } from "@/lib/query-client";
import { ThemeProvider } from "@/lib/theme/theme-provider";

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client; the app makes one. */
  queryClient?: QueryClient;
}

/** Everything the screens expect above them: server state, theme, toasts. */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        {children}
        <ToasterHost />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
