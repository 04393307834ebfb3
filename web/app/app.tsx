import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { TOAST } from '#shared/limits.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { routes } from './routes.tsx';

export const router = createBrowserRouter(routes);

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster
        position="top-center"
        // Below the screens' sticky headers, so a toast never covers Back, Share or Mark as.
        offset={{ top: 72 }}
        mobileOffset={{ top: 68 }}
        duration={TOAST.durationMs}
        visibleToasts={TOAST.visible}
        richColors
        closeButton
      />
    </QueryClientProvider>
  );
}
