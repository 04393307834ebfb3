import { useEffect, useState } from 'react';
import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { followTabUser } from '../lib/session.ts';
import { AppRoutes } from './routes.tsx';
import { ToastHost } from './toast-host.tsx';

/** The app; `serverState` is the query cache a server-rendered screen was made from (main.tsx). */
export function App({ serverState }: { serverState?: unknown }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (serverState) hydrate(client, serverState as DehydratedState);
    followTabUser(client);
    return client;
  });
  // The app runs: a page the server rendered is live from here (it starts after its first paint,
  // web/public/boot.js); the journeys wait on this before they act on such a page.
  useEffect(() => {
    document.documentElement.dataset.app = 'started';
  }, []);
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
