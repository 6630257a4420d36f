/** The width of `text` written at `size`, in the box's units. */
export type MeasureText = (text: string, size: number) => number

/** Text laid out in a box: its size and its lines, each within the box's width. */
export type FittedText = { size: number; lines: string[] }

/** How {@link fitText} may lay text out. */
export type FitOptions = {
  /** The size the text is written at when it fits. */
  maxSize: number
  /** The smallest size written: below it the text wraps, and what still does not fit is cut. */
  minSize: number
  /** Distance between baselines, in sizes. */
  lineSpacing: number
  /**
   * Whether lines that do not fit at `minSize` are left out, the last shown ending with `…` (a signature's
   * appearance), or all kept for the box to clip (a form field, whose value a reader still extracts whole).
   * @default true
   */
  ellipsis?: boolean
}

const ellipsis = '…'

/**
 * Lays `paragraphs` out in a box of `width` x `height`: each on a line of its own at the largest size up to
 * `maxSize` that fits; when that is below `minSize`, wrapped at spaces (a word longer than the width broken
 * where it must) onto more lines at the largest size from `minSize` that holds them; and when even wrapping at
 * `minSize` does not fit, the lines the box holds, the last ending with an ellipsis. People read a long name on
 * two lines; they cannot read it at 4 points.
 */
export function fitText(
  paragraphs: readonly string[],
  measure: MeasureText,
  box: { width: number; height: number },
  options: FitOptions,
): FittedText {
  const { maxSize, minSize, lineSpacing } = options
  const kept = paragraphs.filter((line) => line !== '')
  if (kept.length === 0) return { size: maxSize, lines: [] }
  const widest = Math.max(...kept.map((line) => measure(line, 1)), 1e-6)
  const unwrapped = Math.min(maxSize, box.width / widest, box.height / (kept.length * lineSpacing))
  if (unwrapped >= minSize) return { size: unwrapped, lines: kept }
  for (let size = Math.max(maxSize, minSize); size >= minSize; size -= 0.5) {
    const lines = wrap(kept, measure, box.width, size)
    if (lines.length * size * lineSpacing <= box.height) return { size, lines }
  }
  const lines = wrap(kept, measure, box.width, minSize)
  if (options.ellipsis === false) return { size: minSize, lines }
  const room = Math.max(Math.floor(box.height / (minSize * lineSpacing) + 1e-9), 1)
  const shown = lines.slice(0, room)
  const last = shown.length - 1
  shown[last] = withEllipsis(shown[last] ?? '', measure, box.width, minSize)
  return { size: minSize, lines: shown }
}

/** Each paragraph broken into lines no wider than `width` at `size`. */
function wrap(paragraphs: readonly string[], measure: MeasureText, width: number, size: number): string[] {
  const fits = (text: string) => measure(text, size) <= width
  const lines: string[] = []
  for (const paragraph of paragraphs) {
    let line = ''
    for (const word of paragraph.split(/\s+/).filter((w) => w !== '')) {
      const joined = line === '' ? word : `${line} ${word}`
      if (fits(joined)) {
        line = joined
        continue
      }
      if (line !== '') lines.push(line)
      line = word
      // A word wider than the box is broken where it must be.
      while (!fits(line) && [...line].length > 1) {
        const characters = [...line]
        // The longest start that fits (at least one character), found by halving.
        let [low, high] = [1, characters.length - 1]
        while (low < high) {
          const middle = Math.ceil((low + high) / 2)
          if (fits(characters.slice(0, middle).join(''))) low = middle
          else high = middle - 1
        }
        const cut = low
        lines.push(characters.slice(0, cut).join(''))
        line = characters.slice(cut).join('')
      }
    }
    if (line !== '') lines.push(line)
  }
  return lines
}

/** `line` cut so that it ends with an ellipsis within `width`. */
function withEllipsis(line: string, measure: MeasureText, width: number, size: number): string {
  const characters = [...line]
  while (characters.length > 0 && measure(`${characters.join('')}${ellipsis}`, size) > width) characters.pop()
  return `${characters.join('').trimEnd()}${ellipsis}`
}
