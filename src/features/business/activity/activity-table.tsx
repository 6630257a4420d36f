import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Button } from '../../../ui/button/button.tsx'
import styles from './activity.module.css'

/** One column of an activity list: its header, the wire column it sorts by, and its cell. */
export type ActivityColumn<Row> = {
  sort: string
  label: ReactNode
  /** The direction a first click sorts in: newest and most first, names from A. */
  first: 'asc' | 'desc'
  cell: (row: Row) => ReactNode
  numeric?: boolean
}

/** The sort in effect: a column of the list and its direction. */
export type TableSort = { column: string; direction: 'asc' | 'desc' }

/**
 * A sortable, paged table of one activity list. A header is a button that sorts by its column (again: the
 * other way), and says how the table is sorted with `aria-sort`; the pager says which rows of how many show.
 */
export function ActivityTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  page,
  size,
  total,
  onPage,
  busy,
}: {
  label: string
  columns: readonly ActivityColumn<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string
  sort: TableSort
  onSort: (sort: TableSort) => void
  page: number
  size: number
  total: number
  onPage: (page: number) => void
  /** A new page or sort is on its way: the rows shown are the last ones. */
  busy: boolean
}) {
  const { t } = useLingui()
  const first = total === 0 ? 0 : page * size + 1
  const last = Math.min(total, (page + 1) * size)
  const ariaSort = (column: string) =>
    sort.column !== column ? undefined : sort.direction === 'asc' ? 'ascending' : 'descending'
  return (
    <div className={styles.list}>
      <div className={styles.scroll}>
        <table className={styles.table} aria-label={label} aria-busy={busy || undefined}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.sort}
                  scope="col"
                  aria-sort={ariaSort(column.sort)}
                  className={column.numeric ? styles.numeric : undefined}
                >
                  <button
                    type="button"
                    className={styles.sortButton}
                    onClick={() =>
                      onSort({
                        column: column.sort,
                        direction:
                          sort.column !== column.sort
                            ? column.first
                            : sort.direction === 'asc'
                              ? 'desc'
                              : 'asc',
                      })
                    }
                  >
                    {column.label}
                    <span aria-hidden="true" className={styles.sortMark}>
                      {sort.column !== column.sort ? '↕' : sort.direction === 'asc' ? '↑' : '↓'}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.sort} className={column.numeric ? styles.numeric : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className={styles.pager} aria-label={t`Pages of ${label}`}>
        <p role="status">
          <Trans>
            {first}–{last} of {total}
          </Trans>
        </p>
        <div className={styles.pagerButtons}>
          <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
            <Trans>Previous</Trans>
          </Button>
          <Button variant="secondary" size="sm" disabled={last >= total} onClick={() => onPage(page + 1)}>
            <Trans>Next</Trans>
          </Button>
        </div>
      </nav>
    </div>
  )
}
