import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const css = (path: string) => readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8')

/** The value of each custom property of the design tokens, by name. */
const tokens = new Map(
  [...css('src/ui/theme/tokens.css').matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [
    name,
    value?.trim(),
  ]),
)

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

describe('design tokens', () => {
  // The activity's quality badges are white text on each signature level's colour (issue 39: AES was 4.3:1).
  it('the quality badges reach WCAG AA contrast (4.5:1) for their white text', () => {
    const activity = css('src/features/business/activity/activity.module.css')
    expect(activity).toMatch(/\.quality \{[^}]*color: #fff;/)
    const levels = [
      ...activity.matchAll(/\.quality\[data-quality="(\w+)"\] \{\s*background: var\((--[\w-]+)\)/g),
    ]
    expect(levels.map(([, quality]) => quality)).toEqual(['ses', 'aes', 'qes'])
    for (const [, quality, token] of levels) {
      const colour = tokens.get(token ?? '') ?? ''
      expect(colour, quality).toMatch(/^#[0-9a-f]{6}$/i)
      expect(contrast(colour, '#ffffff'), `${quality} ${colour}`).toBeGreaterThanOrEqual(4.5)
    }
  })
})
