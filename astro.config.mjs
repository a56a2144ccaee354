// Astro builds the site: pre-rendered pages by default, on-demand pages through the node adapter in
// middleware mode (mounted by the Express app after the static files). See docs/decisions/0001.
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { createHash } from 'node:crypto';
import { INLINE_SCRIPTS } from './site/src/inline-scripts.mjs';
import { chunkGraph } from './site/chunk-graph.mjs';

const site = process.env.PUBLIC_SITE_URL || 'http://localhost:4321';

export default defineConfig({
  site,
  srcDir: './site/src',
  publicDir: './site/public',
  // scripts/build-site.ts builds each site into a directory of its own (docs/decisions/0009).
  outDir: process.env.SITE_OUT_DIR || './dist-builds/unnamed',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    mdx(),
    // The home page (docs/decisions/0010), /spaces (0707) and /demand (1602) are rendered on demand, so the sitemap is told about them.
    sitemap({ customPages: [new URL('/', site).href, new URL('/spaces', site).href, new URL('/demand', site).href], filter: (page) => !/\/(admin|dashboard|settings|checkout|receipt|list-space|login|register|forgot-password|reset-password|verify-email|offline)\/?$/.test(page) }),
  ],
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'auto' },
  prefetch: false,
  // A per-page CSP <meta> with hashes of the scripts Astro emits: no inline script runs unless Astro
  // built it. Styles keep 'unsafe-inline' (server-rendered style attributes). See docs/decisions/0002.
  security: {
    csp: {
      // 'wasm-unsafe-eval': Pagefind (site search on Resources) compiles its WebAssembly index.
      // The hashes of our own is:inline scripts (Astro hashes only the scripts it bundles).
      scriptDirective: {
        resources: ["'self'", "'wasm-unsafe-eval'", 'https://js.stripe.com'],
        hashes: INLINE_SCRIPTS.map((text) => `sha256-${createHash('sha256').update(text).digest('base64')}`),
      },
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  // No on-demand image endpoint: /_image answers 404 (site/src/image-endpoint-off.ts, docs/decisions/0609).
  image: { endpoint: { route: '/_image', entrypoint: './site/src/image-endpoint-off.ts' } },
  devToolbar: { enabled: false },
  vite: {
    // chunkGraph: the island JavaScript budget reads which module is in which chunk (site/chunk-graph.mjs).
    plugins: [tailwindcss(), chunkGraph()],
    build: {
      // A page's small script is inlined into its HTML, and its hash reaches the CSP header only through the
      // pre-rendered pages' <meta> (docs/decisions/0608). The on-demand home page has none, so its script
      // stays a file of its own (covered by 'self'). Anything else: Vite's default (4 KB).
      assetsInlineLimit: (file) => (/(^|\/)index\.astro_astro_type_script_/.test(file) ? false : undefined),
    },
    // `npm run dev` only: the API runs beside the Astro dev server (scripts/dev.ts).
    server: {
      proxy: Object.fromEntries(['/api', '/dev'].map((prefix) => [prefix, `http://localhost:${process.env.DEV_API_PORT || 4322}`])),
    },
  },
});
