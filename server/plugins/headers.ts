import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/** Answers smaller than this go out as they are: compressing them saves nothing on the wire. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Answers up to this size are compressed in one synchronous call (below, where it is registered). */
export const SYNC_COMPRESS_MAX_BYTES = 65_536;

/**
 * The Content-Security-Policy of every answer (routes that serve user files set a stricter one).
 * Scripts only from our own origin, never inline (the built index.html has none, and Vite's
 * module-preload helper lives in the entry chunk). Styles allow 'unsafe-inline' because two
 * libraries insert <style> elements at run time: sonner (the toasts) and Radix's scroll lock,
 * whose CSS carries measured widths, so neither a hash nor a static nonce can cover it; style
 * injection cannot run code. 'self' in connect-src also covers ws:/wss: to the same host (the
 * chat socket /api/ws).
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
    'media-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Behind TLS in production; outside it the app is served over plain http (localhost).
    ...(config.isProduction ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Compression and security headers for every answer: brotli or gzip above a size
 * (@fastify/compress; the built web app is precompressed at build time and served as is),
 * helmet's headers (CSP, frame-ancestors, nosniff, Referrer-Policy, HSTS in production), and
 * `Cache-Control: no-store` on API answers that may carry personal data. Registered before the
 * routes and the other hooks.
 */
export async function registerHeaders(app: FastifyInstance, config: Config): Promise<void> {
  // Everything mime-db calls compressible (JSON, text, SVG) from 1 KB up; WebP media and PDF
  // resumes are compressed already and left alone, and the WebSocket upgrade never sends a reply.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    // Answers only: no client of ours sends compressed bodies, and inflating request bodies
    // would only give a decompression bomb a way in.
    globalDecompression: false,
    // Answers up to 64 KB (a feed page is 14 KB) are compressed in one synchronous call, with a
    // Content-Length, instead of through a zlib stream on libuv's threadpool: on a host whose
    // cores are shared with PostgreSQL there is no spare core for the stream to overlap with,
    // and the stream's setup cost more than the compression. Measured: a brotli feed page under
    // 32 connections took 0.87 ms of the server's CPU instead of 1.14 (decision 020). The
    // plugin's default on two cores is 8 KB.
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
  });
  // Helmet's middleware, made once: its headers are the same for every answer. (@fastify/helmet,
  // used until session 17, made a new one on every request: about 15 µs of parsing the CSP and
  // checking options each time, against 1 µs to set the headers; decision 013.)
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // The API and the web app are one origin; nothing of ours is meant to be embedded elsewhere.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Embedding nothing cross-origin, the app does not need COEP; turning it on would only make
    // a future third-party image or font fail silently.
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only where the site is served over TLS: on localhost it would pin http://localhost
    // to https for a year in the developer's browser.
    strictTransportSecurity: config.isProduction
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
  // Before the routes' own hooks: an answer refused there (401, 403, 429) has the headers too.
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  // A route may send its own, stricter CSP (user files: "default-src 'none'; sandbox"); it
  // still must not be framed.
  app.addHook('onSend', async (_request, reply, payload) => {
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && !/(^|;)\s*frame-ancestors\s/.test(csp))
      void reply.header('content-security-policy', `${csp}; frame-ancestors 'none'`);
    return payload;
  });

  // Personal data must not stay in a browser's or a proxy's cache. Every API answer is `no-store`
  // unless it is a public GET without a cookie (cities, health), or the route chose its own
  // cache-control (media, resume files, the account export).
  app.addHook('onSend', async (request, reply, payload) => {
    const isApi =
      (request.routeOptions.url?.startsWith('/api/') ?? false) || request.url.startsWith('/api/');
    if (!isApi || reply.hasHeader('cache-control')) return payload;
    const cacheable =
      request.routeOptions.config.policy === 'public' &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !reply.hasHeader('set-cookie');
    if (!cacheable) void reply.header('cache-control', 'no-store');
    return payload;
  });
}
