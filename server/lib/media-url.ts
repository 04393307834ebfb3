/** Public images are served at /media/<storage key>; profile rows keep only the key. */
export function mediaUrl(key: string | null | undefined): string | null {
  return key ? `/media/${key}` : null;
}
