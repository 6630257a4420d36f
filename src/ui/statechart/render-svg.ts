import type { Viz } from '@viz-js/viz'

let viz: Promise<Viz> | undefined

/** Draws Graphviz DOT as an SVG element; Graphviz (WebAssembly, ~1.4 MB) loads on the first call only. */
export async function renderSvg(dot: string): Promise<SVGSVGElement> {
  viz ??= import('@viz-js/viz').then((module) => module.instance())
  return (await viz).renderSVGElement(dot)
}
