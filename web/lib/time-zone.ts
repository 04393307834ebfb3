import { TIME_ZONE_COOKIE } from '#shared/time-zone.ts';

// The browser tells the server its time zone in a cookie, so a screen the server renders (decision
// 024) shows times and days ("Yesterday", "09:05") as this phone will, and the first render here
// matches it. Only the zone's name (e.g. Asia/Kolkata), nothing else about the device.

export function reportTimeZone(): void {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone)
      document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // no Intl time zone or cookies blocked: the server renders in India's time
  }
}
