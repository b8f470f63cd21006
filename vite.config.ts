import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { appRoutes } from './src/domain/routing/routes.ts';
import { pageList } from './src/web/app/page-table.ts';

const root = path.resolve(import.meta.dirname, 'src/web');

/** What every page runs. */
const framework =
  /node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack|tailwind-merge|clsx|class-variance-authority|hono)[\\/]/;
/**
 * TanStack Query's parts only some pages use stay with those pages: the infinite lists (/news,
 * /regulatory) and `useQueries` (discussion counts on lists of articles).
 */
const notEveryPage = /[\\/](?:useInfiniteQuery|infiniteQueryObserver|useQueries|queriesObserver)\.js$/;
/**
 * Small modules of ours every page runs too, which lazy pages also import: split by importer they
 * made six chunks of 0.1–1.5 kB, each a request and a gzip stream of its own on every first visit.
 * Lucide's icon base (not the icons: each page's stay with it).
 */
const everyPage =
  /(?:src[\\/]web[\\/]lib[\\/](?:api-client|cn|toast|session-events)\.tsx?|src[\\/]domain[\\/](?:routing[\\/]routes|session[\\/]session-events)\.ts|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?:shared[\\/].*|Icon|context|createLucideIcon)\.mjs)$/;

/**
 * The app's one stylesheet goes inside index.html, so the first paint waits for no request but the
 * document (ADR 0028); the file itself is left out of the output. With `cssCodeSplit: false` no chunk
 * names it among the files Vite's preload helper fetches before the chunk runs.
 */
function inlineStylesheet(): Plugin {
  let inlined: string | undefined;
  return {
    name: 'inline-stylesheet',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const sheets = Object.values(bundle ?? {}).filter((file) => file.fileName.endsWith('.css'));
        const [sheet, ...others] = sheets;
        if (!sheet || others.length > 0 || sheet.type !== 'asset')
          throw new Error(`inline-stylesheet expects one stylesheet, found ${sheets.length}`);
        const css = String(sheet.source);
        if (css.includes('</style')) throw new Error('the stylesheet cannot be inlined: it contains </style');
        const tag = new RegExp(`<link rel="stylesheet"[^>]*href="/${sheet.fileName}"[^>]*>`);
        if (!tag.test(html)) throw new Error(`index.html does not link ${sheet.fileName}`);
        inlined = sheet.fileName;
        return html.replace(tag, () => `<style>${css}</style>`);
      },
    },
    generateBundle(_, bundle) {
      if (inlined) delete bundle[inlined];
    },
  };
}

/**
 * The app's scripts start loading once the document has painted (ADR 0057, ADR 0060): a small inline
 * script waits for the first contentful paint (ADR 0061), then adds a `<link rel="modulepreload">`
 * for each chunk the entry imports and each chunk the page (and its route guard) loads that the entry
 * does not — matching the address against the page table (src/web/app/page-table.ts, the data the
 * router is built from) — and then the entry itself. Vite's own preload tags and entry tag are taken
 * out of the document; its preload helper sees the links and does not add them again.
 * Requested with the document, 160 kB of script shared the first round trips with it for no paint's
 * sake: the page's first paint (its heading, from the server) needs none of it.
 */
function routePreloads(): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((file) => file.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (fileName: string, into = new Set<string>()) => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
          return into;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('route-preloads: no entry chunk');
        const loaded = closure(entry.fileName);
        const chunkOf = (module: string) => {
          const chunk = chunks.find(
            (candidate) =>
              candidate.isDynamicEntry && candidate.facadeModuleId === path.join(root, `app/${module}.tsx`),
          );
          if (!chunk) throw new Error(`route-preloads: no chunk for app/${module}.tsx`);
          return chunk.fileName;
        };
        const guard = closure(chunkOf('route-guard'));
        const files: string[] = [];
        const indexOf = (file: string) => (
          files.includes(file) ? files : files.push(file),
          files.indexOf(file)
        );
        // Static paths first: React Router ranks /research/new above /research/:slug.
        const routes = pageList()
          .map(({ name, module, access }) => ({
            path: appRoutes[name],
            module,
            guarded: access !== 'public',
          }))
          .sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')))
          .map(({ path: pattern, module, guarded }) => {
            const needed = new Set([...closure(chunkOf(`routes/${module}`)), ...(guarded ? guard : [])]);
            const source = `^${pattern.replace(/:\w+/g, '[^/]+')}/?$`;
            return [source, [...needed].filter((file) => !loaded.has(file)).map(indexOf)] as const;
          });
        const entryTag = new RegExp(`<script type="module" crossorigin src="/${entry.fileName}"></script>`);
        if (!entryTag.test(html))
          throw new Error(`route-preloads: index.html does not load ${entry.fileName}`);
        const viteLinks = [
          ...html.matchAll(/<link rel="modulepreload" crossorigin href="\/(assets\/[^"]+\.js)">/g),
        ];
        const entryImports = [...loaded].filter((file) => file !== entry.fileName);
        if (viteLinks.length !== entryImports.length)
          throw new Error(
            `route-preloads: index.html preloads ${viteLinks.length} of ${entryImports.length} chunks`,
          );
        const short = (file: string) => file.replace(/^assets\/(.*)\.js$/, '$1');
        const script =
          `(function(){var f=${JSON.stringify(files.map(short))},r=${JSON.stringify(routes)},` +
          `e=${JSON.stringify(entryImports.map(short))},started=false;` +
          `function add(n){var l=document.createElement('link');l.rel='modulepreload';l.as='script';` +
          `l.crossOrigin='';l.href='/assets/'+n+'.js';document.head.appendChild(l)}` +
          // The entry script and its imports first. Then, each in a task of its own: ICU's data
          // loading on a worker (public/intl-warmup.js), the page's chunks eight links at a time,
          // and the tab's session storage (scroll positions) opened, whose first read can block for
          // 30 ms (ADR 0061). Done in one task, this took 13–35 ms: a link costs about 0.3 ms, the
          // worker 6 (ADR 0062). All after the first paint, like the scripts: a request or a task
          // before it would count in Lighthouse's simulated first paint.
          `function later(job){setTimeout(function(){try{job()}catch(x){}})}` +
          `function start(){if(started)return;started=true;e.forEach(add);` +
          `var s=document.createElement('script');s.type='module';s.crossOrigin='';` +
          `s.src=${JSON.stringify(`/${entry.fileName}`)};document.head.appendChild(s);` +
          `later(function(){new Worker('/intl-warmup.js')});var m=[];` +
          `for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(location.pathname)){m=r[i][1];break}` +
          `for(var k=0;k<m.length;k+=8)later(function(b){return function(){` +
          `b.forEach(function(n){add(f[n])})}}(m.slice(k,k+8)));` +
          `later(function(){sessionStorage.length})}` +
          // After the first contentful paint (the shell's heading or spinner), not merely the first
          // frame: a frame can paint the background alone while the body is still being parsed, and
          // a request made before the contentful one counts in Lighthouse's simulated first paint
          // (ADR 0061). Where paint timing is missing, after the first frame; a tab opened in the
          // background paints nothing, so a timer starts it too.
          `var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)` +
          `new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(start)}})` +
          `.observe({type:'paint',buffered:true});else requestAnimationFrame(function(){setTimeout(start)});` +
          `setTimeout(start,200)})();`;
        let out = html.replace(entryTag, '');
        for (const [tag] of viteLinks) out = out.replace(tag, '');
        const marker = '</head>';
        if (!out.includes(marker)) throw new Error('route-preloads: index.html has no </head>');
        return out.replace(marker, () => `  <script>${script}</script>\n  ${marker}`);
      },
    },
  };
}

/**
 * Hono's client imports its whole cookie serializer (its checks of Max-Age, __Host- prefixes, …) for
 * one option, `cookie`, that sets a Cookie header: this app never passes it, a browser sends its own
 * cookies. In the build the client gets a serializer of name and value alone (0.5 kB gzip less on
 * every page). Every browser test runs the built client.
 */
function honoClientCookie(): Plugin {
  const stub = '\0hono-client-cookie';
  return {
    name: 'hono-client-cookie',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      return source === '../utils/cookie.js' &&
        /hono[\\/]dist[\\/]client[\\/]client\.js$/.test(importer ?? '')
        ? stub
        : null;
    },
    load(id) {
      return id === stub
        ? 'export const serialize = (name, value) => `${name}=${encodeURIComponent(value)}`;'
        : null;
    },
  };
}

export default defineConfig({
  root,
  publicDir: path.join(root, 'public'),
  plugins: [react(), tailwindcss(), inlineStylesheet(), routePreloads(), honoClientCookie()],
  resolve: {
    alias: [{ find: '@', replacement: path.resolve(import.meta.dirname, 'src') }],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    // Maps are written for reading error reports and bundle sizes, but no script names them: the
    // server does not serve them (lib/web-app.ts), and no `sourceMappingURL` points a browser there.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 700,
    // No modulepreload polyfill on every page: the browsers without `<link rel="modulepreload">`
    // (Firefox before 115, Safari before 17) still load every module, only without the head start.
    modulePreload: { polyfill: false },
    // One stylesheet, inside index.html (inlineStylesheet): no chunk lists it to load.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // What every page runs, in one chunk: split by importer, as it was, it made five small chunks
        // that compressed worse and cost a request each (ADR 0027).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: (id: string) =>
                (framework.test(id) && !notEveryPage.test(id)) ||
                everyPage.test(id) ||
                id === '\0vite/preload-helper.js',
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: { '/api/': { target: process.env.API_ORIGIN ?? 'http://127.0.0.1:3001', changeOrigin: false } },
  },
});
