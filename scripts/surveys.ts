// `npm run surveys -- export --since YYYY-MM-DD [--kind relationship|transactional]`: the operator reads the
// satisfaction survey answers as CSV on standard output, from the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR while the server is stopped).
import { parseArgs } from 'node:util'
import { type SurveyKind, surveyKinds } from '../contract/surveys.ts'
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/open-database.ts'
import { exportSurveyAnswers } from '../server/surveys/export-survey-answers.ts'

const usage = `Usage:
  npm run surveys -- export --since YYYY-MM-DD [--kind ${surveyKinds.join('|')}]`

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { since: { type: 'string' }, kind: { type: 'string' } },
})
const since = new Date(`${values.since ?? ''}T00:00:00Z`)
const kind = values.kind as SurveyKind | undefined
if (
  positionals[0] !== 'export' ||
  positionals.length !== 1 ||
  !/^\d{4}-\d{2}-\d{2}$/.test(values.since ?? '') ||
  Number.isNaN(since.getTime()) ||
  (kind !== undefined && !surveyKinds.includes(kind))
) {
  console.error(usage)
  process.exit(2)
}
const database = await openDatabase(loadConfig(process.env).database)
try {
  await database.migrate()
  process.stdout.write(await exportSurveyAnswers(database.db, { since, kind }))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await database.close()
}
