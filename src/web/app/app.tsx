import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { DatesProvider } from './providers/dates-provider';
import { SessionProvider } from './providers/session-provider';
import { ThemeProvider } from './providers/theme-provider';
import { AppRoutes } from './router';
import { ToasterHost } from './toaster-host';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ThemeProvider>
          <DatesProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
            <ToasterHost />
          </DatesProvider>
        </ThemeProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
