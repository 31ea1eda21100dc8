/**
 * The return-file jobs compliance stopped waiting for (specs/3-admin.md §4: "marked long-running"),
 * kept in this browser's localStorage so the page offers to re-check them later. Only job ids and
 * file names: nothing that grants access (the session cookie stays the only credential).
 */
export interface LongRunningJob {
  jobId: string;
  fileName: string;
  markedAt: string;
}

export const LONG_RUNNING_KEY = 'pop.colonial.long-running-return-files';

export function longRunningJobs(): LongRunningJob[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(LONG_RUNNING_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((job): job is LongRunningJob => typeof job?.jobId === 'string')
      : [];
  } catch {
    return [];
  }
}

function save(jobs: LongRunningJob[]) {
  if (jobs.length === 0) localStorage.removeItem(LONG_RUNNING_KEY);
  else localStorage.setItem(LONG_RUNNING_KEY, JSON.stringify(jobs));
}

export function markLongRunning(job: LongRunningJob) {
  save([...longRunningJobs().filter((other) => other.jobId !== job.jobId), job]);
}

export function clearLongRunning(jobId: string) {
  save(longRunningJobs().filter((job) => job.jobId !== jobId));
}
