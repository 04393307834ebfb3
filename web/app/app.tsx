import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { AppRoutes } from './routes.tsx';
import { ToastHost } from './toast-host.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {/* Declarative routing: the data router's loaders and actions went unused and cost 13 KB
          gzipped on the first visit (docs/decisions/021). */}
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ToastHost />
    </QueryClientProvider>
  );
}
