import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStaticFiles } from '../../../server/http/static-files.ts'

// A built app as scripts/route-preloads.ts leaves it: the dashboard's code, and the catalogs of two languages.
const dashboard = '/assets/dashboard-C0de0001.js'
const preloads = {
  defaultLocale: 'en-gb',
  catalogs: { 'en-gb': ['/assets/en-gb-Sh4red01.js'], 'de-ch': ['/assets/de-ch-Sh4red02.js'] },
  routes: [
    {
      path: '/dashboard',
      modules: [dashboard],
      styles: ['/assets/dashboard-C0de0002.css'],
      catalogs: { 'en-gb': ['/assets/en-gb-D0cs0001.js'], 'de-ch': ['/assets/de-ch-D0cs0002.js'] },
    },
  ],
}
// The route's catalogs, then the shared one.
const english = ['/assets/en-gb-D0cs0001.js', '/assets/en-gb-Sh4red01.js']
const german = ['/assets/de-ch-D0cs0002.js', '/assets/de-ch-Sh4red02.js']

describe('the app page names the texts of the language the app keeps in its cookie', () => {
  let dist: string
  let app: ReturnType<typeof createStaticFiles>

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'signet-dist-'))
    await mkdir(join(dist, 'assets'))
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html>\n<html lang="en-GB">\n  <head>\n    <title>Signet</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
    )
    await writeFile(join(dist, 'route-preloads.json'), JSON.stringify(preloads))
    for (const file of [...english, ...german, dashboard]) await writeFile(join(dist, file), 'export {}')
    app = createStaticFiles(dist)
  })

  afterAll(async () => {
    await rm(dist, { recursive: true, force: true })
  })

  const page = async (path: string, cookie?: string) => {
    const answer = await app.request(path, { headers: cookie === undefined ? {} : { cookie } })
    expect(answer.status).toBe(200)
    const html = await answer.text()
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      ([, href]) => href,
    )
    return { answer, html, preloaded }
  }

  it('without the cookie, names the English catalogs, in an English page', async () => {
    const { html, preloaded } = await page('/dashboard')
    expect(preloaded).toEqual([dashboard, ...english])
    expect(html).toContain('<html lang="en-gb">')
  })

  it('with lang=de-ch, names the German catalogs and not the English ones, in a German page', async () => {
    const { html, preloaded } = await page('/dashboard', 'lang=de-ch')
    expect(preloaded).toEqual([dashboard, ...german])
    expect(html).toContain('<html lang="de-ch">')
    // A page without feature texts of its own still names the language's shared catalog.
    expect((await page('/login', 'other=1; lang=de-ch')).preloaded).toEqual(['/assets/de-ch-Sh4red02.js'])
  })

  it('takes a language it has no catalogs of, or no language at all, for English, and writes none of it in the page', async () => {
    for (const cookie of [
      'lang=xx',
      'lang=<script>alert(1)</script>',
      'lang=DE-CH',
      'lang=',
      'lang=de-ch%22%3E',
    ]) {
      const { html, preloaded } = await page('/dashboard', cookie)
      expect(preloaded).toEqual([dashboard, ...english])
      expect(html).toContain('<html lang="en-gb">')
      expect(html).not.toMatch(/xx|script|DE-CH|%22|de-ch/)
    }
  })

  it('tells caches that the page depends on the cookie, and gives each language its own entity tag', async () => {
    const { answer: inEnglish } = await page('/dashboard')
    const { answer: inGerman } = await page('/dashboard', 'lang=de-ch')
    for (const answer of [inEnglish, inGerman]) {
      expect(answer.headers.get('vary')).toMatch(/Accept-Encoding/)
      expect(answer.headers.get('vary')).toMatch(/Cookie/)
    }
    const englishTag = inEnglish.headers.get('etag') ?? ''
    expect(inGerman.headers.get('etag')).not.toBe(englishTag)
    // The English page a cache holds is not the German one.
    const again = await app.request('/dashboard', {
      headers: { cookie: 'lang=de-ch', 'if-none-match': englishTag },
    })
    expect(again.status).toBe(200)
    expect(await again.text()).toContain('<html lang="de-ch">')
    const same = await app.request('/dashboard', { headers: { 'if-none-match': englishTag } })
    expect(same.status).toBe(304)
    expect(same.headers.get('vary')).toMatch(/Cookie/)
  })
})
