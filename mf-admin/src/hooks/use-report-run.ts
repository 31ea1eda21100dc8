import { useState } from 'react';

/**
 * A report's run: `running` while the rows load, then `result` (the query asked and its rows);
 * a failed run clears the result (the api client told the user). `run` answers the rows, or
 * undefined when it failed.
 */
export function useReportRun<Query, Row>(getRows: (query: Query) => Promise<Row[]>) {
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ query: Query; rows: Row[] }>();

  async function run(query: Query): Promise<Row[] | undefined> {
    setRunning(true);
    try {
      const rows = await getRows(query);
      setResult({ query, rows });
      return rows;
    } catch {
      setResult(undefined); // told by the api client
      return undefined;
    } finally {
      setRunning(false);
    }
  }

  return { running, result, run };
}
