import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Which files of the build a server-rendered screen needs beyond the app's entry (decision 024),
// read from Vite's manifest (dist/web/.vite/manifest.json): the page names them for
// web/public/boot.js, which preloads them with the entry once the page has painted.

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export type ScreenCode = (module: string) => string[];

export function readScreenCode(webDist: string): ScreenCode {
  const file = path.join(webDist, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest)
    : {};
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, entry);
  const cache = new Map<string, string[]>();
  return (module) => {
    let files = cache.get(module);
    if (!files) {
      if (!manifest[module]) throw new Error(`the build has no screen module ${module}`);
      files = [...closure(module)]
        .filter((key) => !entry.has(key))
        .map((key) => `/${manifest[key]!.file}`);
      cache.set(module, files);
    }
    return files;
  };
}
