/**
 * /cache-debug's IndexedDB: each table's rows and approximate size, each cache entry's age
 * against its TTL (fresh / stale / expired), visited pages and related titles — the signed-in
 * account's and nobody's; other accounts' rows kept in this browser are only counted.
 */
import { ageText, bytesText } from '../../domain/debug/debugTexts.ts';
import type { AgedRow, LocalState } from '../../data/debug/localState.ts';

function AgedList({ title, rows, empty }: { title: string; rows: AgedRow[]; empty: string }) {
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="debug-list">
          {rows.map((row) => (
            <li key={row.name}>
              <code>{row.name}</code>
              {row.title && <> — {row.title}</>}: {ageText(row.ageMs)}
              {row.ttlMs !== undefined ? ` of ${ageText(row.ttlMs)}` : ', no TTL'}
              {row.freshness && <span className={`freshness ${row.freshness}`}> {row.freshness}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function LocalTablesSection({ state }: { state: LocalState }) {
  return (
    <section aria-labelledby="tables-heading">
      <h2 id="tables-heading">IndexedDB</h2>
      <table className="debug-table">
        <caption>Tables</caption>
        <thead>
          <tr>
            <th scope="col">Table</th>
            <th scope="col">Rows</th>
            <th scope="col">Size (approx.)</th>
            <th scope="col">Other accounts' rows (not shown)</th>
          </tr>
        </thead>
        <tbody>
          {state.tables.map((table) => (
            <tr key={table.name}>
              <th scope="row">{table.name}</th>
              <td>{table.rows}</td>
              <td>{bytesText(table.approxBytes)}</td>
              <td>{table.otherAccountsRows}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <AgedList title="Cache entries" rows={state.entries} empty="No cache entries." />
      <AgedList title="Visited pages" rows={state.visitedPages} empty="No visited pages." />
      <AgedList title="Data source schemas" rows={state.schemas} empty="No data source schemas." />
      <AgedList title="Related titles" rows={state.relatedTitles} empty="No related titles." />
    </section>
  );
}
