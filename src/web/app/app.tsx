import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '@/web/lib/query-client';
import { SessionProvider } from './providers/session-provider';
import { ThemeProvider } from './providers/theme-provider';
import { createRouter } from './router';
import { ToasterHost } from './toaster-host';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ThemeProvider>
          <RouterProvider router={router} />
          <ToasterHost />
        </ThemeProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
