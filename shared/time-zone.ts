// The cookie in which the browser reports its time zone (web/lib/time-zone.ts) for the screens the
// server renders (server/pages/server-render.ts, decision 024).
export const TIME_ZONE_COOKIE = 'tz';
