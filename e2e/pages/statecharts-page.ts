import { expect, type Locator, type Page } from '@playwright/test'
import { AppPage } from './app-page.ts'

/** The designers' statechart viewer at /statecharts: the list and one machine running live. */
export class StatechartsPage extends AppPage {
  constructor(page: Page) {
    super(page)
  }

  private get diagram(): Locator {
    return this.page.getByRole('img', { name: /^Diagram of/ })
  }

  private get panel(): Locator {
    return this.page.getByRole('complementary', { name: 'Controls' })
  }

  async openList() {
    await this.open('/statecharts')
    await this.seeHeading('Statecharts')
  }

  async openMachine(id: string) {
    await this.open(`/statecharts?machine=${id}`)
    await expect(this.diagram).toBeVisible()
  }

  async seeMachineCount(count: number) {
    await expect(this.page.getByRole('list', { name: 'Machines' }).getByRole('listitem')).toHaveCount(count)
  }

  async clickMachine(title: string) {
    await this.page.getByRole('link', { name: title, exact: true }).click()
    await this.seeHeading(title)
  }

  async seeDiagram() {
    await expect(this.diagram).toBeVisible()
    await expect(this.diagram).toHaveJSProperty('tagName', 'svg')
  }

  /** The diagram highlights exactly these leaf states, filled with the primary colour. */
  async seeHighlightedState(...ids: string[]) {
    await expect(this.diagram.locator('g.node[data-active="true"]')).toHaveCount(ids.length)
    for (const id of ids) {
      const node = this.diagram.locator(`g.node[data-state="${id}"]`)
      await expect(node).toHaveAttribute('data-active', 'true')
      await expect(node.locator('path, polygon').first()).toHaveAttribute('fill', '#1f5fd1')
    }
  }

  async seeStateValue(text: string | RegExp) {
    await expect(this.panel.getByTestId('state-value')).toHaveText(text)
  }

  /** The machine runs: a current state, a highlighted state, and no error. */
  async seeStartedWithoutError() {
    await expect(this.panel.getByTestId('state-value')).not.toBeEmpty()
    await expect(this.diagram.locator('g.node[data-active="true"]').first()).toBeVisible()
    await expect(this.panel.getByText(/stopped with an error/)).toHaveCount(0)
  }

  async seeContext(fragment: string | RegExp) {
    await expect(this.panel.getByTestId('context')).toContainText(fragment)
  }

  /** Sends an event; with a payload, types it into the event's "with payload" field first. */
  async clickEvent(type: string, payload?: string) {
    const events = this.panel.getByRole('list', { name: 'Accepted events' })
    const item = events
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('button', { name: type, exact: true }) })
    if (payload !== undefined) {
      const field = item.getByRole('textbox', { name: `Payload of ${type} (JSON)` })
      if (!(await field.isVisible())) await item.getByText('with payload').click()
      await field.fill(payload)
    }
    await item.getByRole('button', { name: type, exact: true }).click()
  }

  async seeEventError(type: string, message: string | RegExp) {
    const events = this.panel.getByRole('list', { name: 'Accepted events' })
    const item = events
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('button', { name: type, exact: true }) })
    await expect(item.getByRole('alert')).toHaveText(message)
  }

  /** Settles a running call: done with this JSON output, or failed. */
  async settleActor(id: string, outcome: 'done' | 'failed', output?: string) {
    if (output !== undefined)
      await this.panel.getByRole('textbox', { name: `Output of ${id} (JSON)` }).fill(output)
    await this.panel.getByRole('button', { name: `${id} ${outcome}`, exact: true }).click()
  }

  async clickAfter(delay: string) {
    await this.panel.getByRole('button', { name: `after ${delay}`, exact: true }).click()
  }

  async seeHistory(...steps: (string | RegExp)[]) {
    await expect(this.panel.getByRole('list', { name: 'Steps taken' }).getByRole('listitem')).toHaveText(
      steps,
    )
  }

  async clickBackToStart() {
    await this.panel.getByRole('button', { name: 'Back to start' }).click()
  }
}
