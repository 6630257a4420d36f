import { describe, expect, it } from 'vitest'
import { imageScaleFor, stepZoom, zoomLevels } from '../../../../src/ui/document-viewer/zoom.ts'

describe('zoom', () => {
  it('steps through the levels and stays at the ends', () => {
    expect(stepZoom(100, 1)).toBe(125)
    expect(stepZoom(100, -1)).toBe(75)
    expect(stepZoom(zoomLevels[0], -1)).toBe(zoomLevels[0])
    expect(stepZoom(300, 1)).toBe(300)
  })

  it('asks for twice the image size above 100 % so zoomed pages stay sharp', () => {
    expect(imageScaleFor(100, 1)).toBe(100)
    expect(imageScaleFor(150, 1)).toBe(200)
  })

  it('asks for images of twice the pixels on a high-density screen', () => {
    expect(imageScaleFor(100, 2)).toBe(200)
    expect(imageScaleFor(300, 2)).toBe(400)
  })
})
