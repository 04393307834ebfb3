import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { VitePWA } from 'vite-plugin-pwa';
import { offlinePage } from './web/pwa/offline-page.ts';
import { pushFallback, webAppManifest } from './web/pwa/manifest.ts';
import { firstTexts } from './web/i18n-build/first-texts.ts';

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    firstTexts(),
    // The prerender build (web/prerender.tsx, run once by scripts/prerender.ts) needs none of the
    // browser build's outputs: compressed files, the service worker, the offline page.
    ...(isSsrBuild ? [] : browserOutputs()),
  ],
  // The server's render bundle (web/prerender.tsx) carries its own React and libraries, so a build
  // works wherever it is put (a private E2E_WEB_DIST outside the repository, a deploy's dist).
  ssr: { noExternal: true },
  // The service worker's notification for a push it cannot read (web/sw.ts).
  // The render bundle takes React's production build whatever NODE_ENV the server runs with.
  define: {
    __PUSH_FALLBACK__: JSON.stringify(pushFallback),
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  // The manifest tells the budgets journey which chunks are screens (e2e/budgets.test.ts).
  build: isSsrBuild
    ? { outDir: '../dist/web/ssr', emptyOutDir: true, sourcemap: false }
    : { outDir: '../dist/web', emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
}));

function browserOutputs(): PluginOption[] {
  return [
    // A .br and a .gz next to every text file of the build, at the highest levels (paid once, at
    // build time); the server sends them as they are (@fastify/static preCompressed).
    compression({
      include: /\.(html|js|css|svg|json|txt)$/,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
    // The installable app (docs/decisions/017): the manifest, and a Workbox service worker of our
    // own (web/sw.ts: precache, offline page, push) with the build's files injected; the web app
    // registers it itself, after the first render (web/app/pwa-register.ts).
    offlinePage(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: webAppManifest,
      includeManifestIcons: false, // the glob below has them
      injectManifest: {
        // Hashed bundles, the offline page, icons and images. index.html is left out on purpose:
        // page loads always come from the network (and the offline page when there is none).
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        globIgnores: ['index.html'],
      },
    }),
  ];
}
