import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './lib/query-client.ts';
import { AppRoutes } from './app/routes.tsx';

/**
 * The public first screens as HTML, rendered at build time (scripts/prerender.ts): a visitor on
 * a slow network sees / or /login as soon as the page and its CSS arrive, and the app then
 * hydrates the same markup (web/main.tsx). Rendered as a signed-out visitor with the first
 * screens' texts, exactly what the browser's first render produces (docs/decisions/021).
 */
export function prerender(url: string): string {
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
