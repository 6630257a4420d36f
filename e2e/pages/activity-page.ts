import { readFile } from 'node:fs/promises'
import type { Locator } from '@playwright/test'
import { parseCsv } from '../../tests/server/activity/parse-csv.ts'
import { expect } from '../fixtures.ts'
import { BusinessPage } from './business-page.ts'

/** The activity screen of an admin; methods map onto test steps. */
export class ActivityPage extends BusinessPage {
  table(name: string): Locator {
    return this.page.getByRole('table', { name, exact: true })
  }

  /** The texts of column `index` (from 0) of the rows of table `name`. */
  async column(name: string, index: number): Promise<string[]> {
    return this.table(name)
      .locator(`tbody tr td:nth-child(${index + 1})`)
      .allInnerTexts()
  }

  async clickTab(name: 'Signatures' | 'People' | 'Identifications') {
    await this.page.getByRole('tab', { name }).click()
    await expect(this.page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true')
  }

  async clickSort(table: string, column: string) {
    await this.table(table).getByRole('button', { name: column, exact: true }).click()
  }

  async seeSorted(table: string, column: string, sort: 'ascending' | 'descending') {
    await expect(this.table(table).getByRole('columnheader', { name: column })).toHaveAttribute(
      'aria-sort',
      sort,
    )
  }

  async seeRow(table: string, cells: (string | RegExp)[]) {
    let row = this.table(table).getByRole('row')
    for (const cell of cells) row = row.filter({ hasText: cell })
    await expect(row).toHaveCount(1)
  }

  /** Downloads the CSV of the button `name`: its file name and its records, after the byte order mark. */
  async download(name: string): Promise<{ filename: string; bytes: Buffer; records: string[][] }> {
    const downloading = this.page.waitForEvent('download')
    await this.page.getByRole('button', { name }).click()
    const file = await downloading
    const bytes = await readFile(await file.path())
    return {
      filename: file.suggestedFilename(),
      bytes,
      records: parseCsv(bytes.subarray(3).toString('utf8')),
    }
  }

  /** Scrolls to the statistics, as a user does to see the charts (they are drawn once their card nears the screen). */
  async scrollToStatistics() {
    const heading = this.page.getByRole('heading', { name: 'Statistics' })
    await heading.scrollIntoViewIfNeeded()
    await expect(heading).toBeInViewport()
  }

  /** How many pixels of the chart's canvas are painted: more than none once it drew its data. */
  async paintedPixels(name: string): Promise<number> {
    const canvas = this.page.getByRole('img', { name })
    await expect(canvas).toBeVisible()
    return canvas.evaluate((element) => {
      const c = element as HTMLCanvasElement
      const pixels = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? []
      let painted = 0
      for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) painted++
      return painted
    })
  }
}
