import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { DatesProvider, ThemeProvider } from '@/web/lib/preferences';
import { SessionProvider } from '@/web/lib/session';
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
