import { lazy, Suspense, type ReactNode } from "react";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "@mui/material/styles";
import CssBaseline from "@mui/material/CssBaseline";
import { ApiError, isApiError } from "../lib/api";
import { sessionKey } from "../features/identity/hooks";
import { theme } from "./theme";

const Toaster = lazy(() => import("./Toaster"));

export function createQueryClient(): QueryClient {
  // A call refused for want of a session means the session ended elsewhere: ask again, and the
  // routes send the user to /login. One refused for want of a second factor means the person's
  // company now requires one: the session says so, and the app shows the page that sets it up
  // instead of failing call after call.
  const onError = (error: unknown) => {
    if (isApiError(error, "unauthenticated") || isApiError(error, "two_factor_required")) void queryClient.invalidateQueries({ queryKey: sessionKey });
  };
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => query.queryKey[0] !== sessionKey[0] && onError(error) }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on retry; a dropped connection might.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
