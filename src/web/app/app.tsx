import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '@/web/lib/query-client';
import { SessionProvider } from './providers/session-provider';
import { ThemeProvider } from './providers/theme-provider';
import { AppRoutes } from './router';
import { ToasterHost } from './toaster-host';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ThemeProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <ToasterHost />
        </ThemeProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
