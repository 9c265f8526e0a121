import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@client': fileURLToPath(new URL('./src/client', import.meta.url)),
  '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
}

/**
 * The chunk of a page the app renders in the browser: every page but the three rendered ahead
 * (`prerenderedPages` in the router; src/client/app/preloaded-pages.test.ts keeps the two in step).
 */
export const PRELOADED_PAGE = /(^|\/)(?!(home|restaurant|stream)-page-)[\w-]+-page-[\w-]+\.js$/

/** Writes .br and .gz beside every text asset so the server sends them without compressing per request. */
function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'clearplate:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name)
          return statSync(path).isDirectory() ? walk(path) : [path]
        })
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue
        const data = readFileSync(file)
        if (data.length < 1024) continue
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
      }
    },
  }
}

/**
 * Writes /sw.js from src/client/pwa/service-worker.js: this build's version (the hash of the
 * files it names, so a new build is a new worker the browser installs) and the app shell: the
 * entry script, its styles and the chunks it imports statically.
 */
function serviceWorker(): Plugin {
  return {
    name: 'clearplate:service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry)
      if (entry?.type !== 'chunk') throw new Error('no entry chunk for the service worker')
      const shell = new Set<string>()
      const visit = (name: string) => {
        const file = bundle[name]
        if (!file || shell.has(`/${name}`)) return
        shell.add(`/${name}`)
        if (file.type !== 'chunk') return
        for (const css of file.viteMetadata?.importedCss ?? []) shell.add(`/${css}`)
        for (const imported of file.imports) visit(imported)
      }
      visit(entry.fileName)
      const files = [...shell].sort()
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16)
      const template = readFileSync(new URL('./src/client/pwa/service-worker.js', import.meta.url), 'utf8')
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template
          .replace("'__CLEARPLATE_VERSION__'", JSON.stringify(version))
          .replace('__CLEARPLATE_SHELL__', JSON.stringify(files)),
      })
    },
  }
}

export default defineConfig({
  root: 'src/client',
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [react(), tailwindcss(), serviceWorker(), precompress()],
  resolve: { alias },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // Opening a page the app renders in the browser inserts a <link rel="modulepreload"> for
    // every chunk the page needs, so they are fetched at once rather than as the browser reads
    // their imports (bench:plain-page: the discover page's heading 1.46x later without). Not for
    // the three pages rendered ahead, nor the app's start and the pieces loaded once idle: on a
    // page rendered ahead the links were inserted in the takeover, ~60 ms of a mid-range phone's
    // main thread for the restaurant page's ~80 chunks (Lighthouse in bench/README, "Performance
    // 95 with pages rendered ahead").
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every icon in one file: one request instead of one for each icon a page shows
            // (thirty on the stream page), for about 7 kB gzipped in all.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 2 },
          ],
        },
      },
    },
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps) => (PRELOADED_PAGE.test(file) ? deps : []),
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:5000',
      '/media': 'http://localhost:5000',
      '/live': 'http://localhost:5000',
      '/ws': { target: 'ws://localhost:5000', ws: true },
    },
  },
})
