/** The public first screens served as prerendered HTML (scripts/prerender.ts, server/app.ts). */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'landing.html',
  '/login': 'login.html',
  '/register': 'register.html',
};
