import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { create } from 'xmlbuilder2'
import { validateXML } from 'xmllint-wasm'

// The official schema (tests/fixtures/etsi-119102-2/README.md says where its files come from).
const schemaDir = join(import.meta.dirname, '../../fixtures/etsi-119102-2')
const schemaFiles = [
  'ts_119102-2_v1.2.1.xsd',
  'XAdES.xsd',
  'xmldsig-core-schema.xsd',
  'ts_119612v020101_xsd.xsd',
  'xml.xsd',
]

/** What a reader of an ETSI TS 119 102-2 report checks first: each entry's main and sub-indication. */
type EtsiEntry = { mainIndication: string; subIndication: string | null; process: string | null }

/**
 * Validates `xml` against the official schema, answering what it found wrong, and reads the report: each
 * signature's verdict and trust anchor (the base64 of the certificate its chain names so), the types of its
 * validation objects and its validation times.
 */
export async function readEtsiReport(xml: string) {
  const [main, ...imports] = await Promise.all(
    schemaFiles.map(async (fileName) => ({ fileName, contents: await readFile(join(schemaDir, fileName)) })),
  )
  const validation = await validateXML({
    xml: { fileName: 'report.xml', contents: xml },
    schema: main as { fileName: string; contents: Uint8Array },
    preload: imports,
  })
  const schemaErrors = validation.valid ? [] : validation.errors.map((error) => error.message)
  // Read with namespaces as a reader of the standard would, through a real XML parser.
  const document = create(xml)
  const text = (node: ReturnType<typeof document.root>, path: string): string | null => {
    const found = node.find((child) => child.node.nodeName === path, false, true)
    return found ? (found.node.textContent ?? null) : null
  }
  const root = document.root()
  const attribute = (node: ReturnType<typeof document.root>, name: string) =>
    (node.node as unknown as { getAttribute(name: string): string | null }).getAttribute(name)
  const namespace = root.node.lookupNamespaceURI(null)
  const entries: EtsiEntry[] = []
  for (const entry of root.filter((child) => child.node.nodeName === 'SignatureValidationReport')) {
    entries.push({
      mainIndication: text(entry, 'MainIndication') ?? '',
      subIndication: text(entry, 'SubIndication'),
      process: text(entry, 'SignatureValidationProcessID'),
    })
  }
  // Each validation object's base64, by its id; each entry's trust anchor, as the object it refers to.
  const objects = new Map(
    root
      .filter((child) => child.node.nodeName === 'ValidationObject', false, true)
      .map((node) => [attribute(node, 'id'), text(node, 'base64')]),
  )
  const trustAnchors = root
    .filter((child) => child.node.nodeName === 'SignatureValidationReport')
    .map((entry) => {
      const anchor = entry.find((child) => child.node.nodeName === 'TrustAnchor', false, true)
      return anchor ? (objects.get(attribute(anchor, 'VOReference')) ?? null) : null
    })
  const objectTypes = root
    .filter((child) => child.node.nodeName === 'ObjectType', false, true)
    .map((node) => node.node.textContent)
  return {
    schemaErrors,
    root: `{${namespace}}${root.node.nodeName}`,
    entries,
    objectTypes,
    trustAnchors,
    validationTimes: root
      .filter((child) => child.node.nodeName === 'ValidationTime', false, true)
      .map((node) => new Date(node.node.textContent ?? '')),
  }
}
