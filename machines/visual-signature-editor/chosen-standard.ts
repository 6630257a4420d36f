import type { SignatureStandard, VisualSignatureEditorContext } from './visual-signature-editor.types.ts'

/** The chosen standard among those held; the first held when the chosen one is not (any more). */
export function chosenStandard(context: VisualSignatureEditorContext): SignatureStandard | undefined {
  return context.standards.find((held) => held.key === context.standardKey) ?? context.standards[0]
}
