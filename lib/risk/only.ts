/**
 * The filter a rule's query applies to its subject column (lib/risk/pass-subjects.ts chooses the
 * subjects): each statement of a pass reads the rows of one chunk of subjects and stays short.
 */
import { sql, type SQL } from "drizzle-orm";

/** A condition on a subject column: `col` is one of the pass's subjects. */
export type Only = (col: SQL) => SQL;

/** No filter: every subject (a rule's query on its own). */
export const everyone: Only = () => sql`TRUE`;

/** The subjects in `ids` (one JSON parameter, whatever their number). */
export function onlySubjects(ids: readonly string[]): Only {
  const list = JSON.stringify(ids);
  return (col) => sql`${col} IN (SELECT jsonb_array_elements_text(${list}::jsonb))`;
}
