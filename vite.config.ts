import { readFileSync } from 'node:fs'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './scripts/precompress.ts'
import { routePreloads } from './scripts/route-preloads.ts'

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
// Each build gets its own id; the app compares it with dist/build.json to offer a reload.
const buildId = `${version}+${Date.now().toString(36)}`

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    {
      name: 'signet-build-manifest',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ buildId }) })
      },
    },
    // The files each page needs beyond the entry, which the server names in that page's HTML.
    routePreloads(),
    (() => {
      let outDir = 'dist'
      return {
        // Brotli and gzip twins of every text file, so the server sends compressed bytes without compressing.
        name: 'signet-precompress',
        apply: 'build',
        configResolved(config: { build: { outDir: string } }) {
          outDir = config.build.outDir
        },
        closeBundle() {
          precompress(outDir)
        },
      } as const
    })(),
  ],
  server: {
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 8080}` },
  },
  // Graphviz (WebAssembly, ~470 KB gzipped) is one lazy chunk that only /statecharts loads.
  build: {
    target: 'es2023',
    // Maps for error reports and debugging, without a comment in every chunk that each visitor downloads.
    sourcemap: 'hidden',
    manifest: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        // The libraries every screen needs, in one chunk: one gzip stream instead of dozens. Libraries of
        // single screens (the dashboard's virtual list) stay with their screen. valibot is not among them:
        // each screen's schemas use other parts of it, which go with the screens that use them.
        codeSplitting: {
          groups: [
            // With them Vite's preload helper and the list of languages, which every page loads too: in the
            // framework's request rather than in two of a few hundred bytes, each with its own headers.
            {
              name: 'framework',
              // The infinite list's observer and the router's blocker are of single screens (the dashboard, the
              // settings with unsaved changes): they go with them.
              test: /node_modules[/](?!.*[/](infiniteQueryObserver|useInfiniteQuery|useBlocker)\.js$)(react|react-dom|scheduler|@tanstack[/](?!react-virtual|virtual-core)[^/]+|xstate|@lingui|use-sync-external-store)[/]|vite[/]preload-helper\.js$|[/]src[/]i18n[/]locales\.ts$/,
            },
            // What nearly every screen needs beyond the framework, as one chunk: one brotli stream compresses it
            // 2 KB smaller than three did, and costs one request. The parts of Ark UI's field our text field uses
            // with the text field (the sign-in page and every form need both; they took Ark's runtime along), but
            // not the `Field` namespace, which holds every part, nor the textarea: they come with the screens that
            // use them. The HTTP contract (paths, schemas, codes) but the business payloads, which come with the
            // business screens, and the requests', their events', signing's and validation's, which come with
            // theirs; the API client and the small parts the sign-in, sign-up and password screens share (their
            // hooks, form messages and alerts).
            {
              name: 'common',
              test: new RegExp(
                [
                  /node_modules[/]@ark-ui[/]react[/]dist[/]components[/]field[/](?!field\.js|field-(textarea|item|select|required-indicator|root-provider)\.js)|[/]src[/]ui[/]form[/]text-field\.tsx$/,
                  /[/]contract[/](?!account-security|businesses|price-plans|billing|api-users|seals|activity|visual-signatures|identification|mobile-signing|phone-number|signature-requests|signature-fields|signing|validation|outbox|dev-clock|openapi|request-events|embedding|templates|referral|surveys|bulk-sends|form-fields|pki|direct|documents|paths)/,
                  /[/]machines[/]redirect[/]redirect-constants\.ts$/,
                  /[/]src[/](features[/]auth[/](use-auth-calls|use-complete-sign-in|use-focus-first-invalid|use-form-errors|auth-header|form-errors)|ui[/]form[/](checkbox-field|form-alert|form-messages)|api[/]error-messages)\.tsx?$/,
                ]
                  .map((part) => part.source)
                  .join('|'),
              ),
            },
          ],
        },
      },
    },
  },
})
