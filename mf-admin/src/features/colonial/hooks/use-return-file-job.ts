import { useCallback, useEffect, useRef, useState } from 'react';
import { getReturnFileResult, type ReturnFileRow } from '../api/return-file.js';
import {
  clearLongRunning,
  longRunningJobs,
  markLongRunning,
  type LongRunningJob,
} from './long-running-jobs.js';

/** specs/3-admin.md §9: the first poll 5 s after the upload, then every 3 s; ask after every 60 polls. */
export const FIRST_POLL_MS = 5_000;
export const POLL_INTERVAL_MS = 3_000;
export const POLLS_BEFORE_ASKING = 60;

export type JobPhase = 'idle' | 'waiting' | 'asking' | 'done' | 'stopped';

interface Job {
  jobId: string;
  fileName: string;
}

/**
 * Follows a return file's job (specs/3-admin.md §4 "Return file upload"): waits 5 s, polls every 3 s
 * until the rows arrive; after every 60 polls asks whether to keep waiting (declining marks the job
 * long-running and stops); a polling error (told by the api client) clears it and stops. A
 * long-running job is re-checked with `recheck`.
 */
export function useReturnFileJob() {
  const [job, setJob] = useState<Job>();
  const [phase, setPhase] = useState<JobPhase>('idle');
  const [rows, setRows] = useState<ReturnFileRow[]>();
  const [processed, setProcessed] = useState(0);
  const [longRunning, setLongRunning] = useState<LongRunningJob[]>(longRunningJobs);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const polls = useRef(0);
  const current = useRef<Job | undefined>(undefined);

  const stopTimer = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => stopTimer, []);

  const forget = useCallback((jobId: string) => {
    clearLongRunning(jobId);
    setLongRunning(longRunningJobs());
  }, []);

  /** One poll of `target`; answers whether the job is still running. */
  const pollOnce = useCallback(
    async (target: Job): Promise<boolean> => {
      try {
        const answer = await getReturnFileResult(target.jobId);
        if (current.current?.jobId !== target.jobId) return false; // another job meanwhile
        if (answer.done) {
          setRows(answer.rows);
          setPhase('done');
          forget(target.jobId);
          return false;
        }
        setProcessed(answer.processed);
        return true;
      } catch {
        // Told by the api client (its message, or 'Unable to connect to server'): the job is dropped.
        if (current.current?.jobId === target.jobId) setPhase('stopped');
        forget(target.jobId);
        return false;
      }
    },
    [forget],
  );

  const schedule = useCallback(
    (target: Job, delay: number) => {
      stopTimer();
      timer.current = setTimeout(() => {
        void (async () => {
          const running = await pollOnce(target);
          if (!running || current.current?.jobId !== target.jobId) return;
          polls.current += 1;
          if (polls.current % POLLS_BEFORE_ASKING === 0) setPhase('asking');
          else schedule(target, POLL_INTERVAL_MS);
        })();
      }, delay);
    },
    [pollOnce],
  );

  /** After a successful upload: the first poll in 5 s. */
  const follow = useCallback(
    (jobId: string, fileName: string) => {
      const target = { jobId, fileName };
      current.current = target;
      polls.current = 0;
      setJob(target);
      setRows(undefined);
      setProcessed(0);
      setPhase('waiting');
      schedule(target, FIRST_POLL_MS);
    },
    [schedule],
  );

  /** The answer to 'keep waiting?': yes polls on, no marks the job long-running and stops. */
  const keepWaiting = useCallback(
    (yes: boolean) => {
      const target = current.current;
      if (!target) return;
      if (yes) {
        setPhase('waiting');
        schedule(target, POLL_INTERVAL_MS);
        return;
      }
      markLongRunning({ ...target, markedAt: new Date().toISOString() });
      setLongRunning(longRunningJobs());
      setPhase('stopped');
    },
    [schedule],
  );

  /** A long-running job's link: one check now; the rows when done, else it stays long-running. */
  const recheck = useCallback(
    async (target: LongRunningJob) => {
      stopTimer();
      current.current = target;
      polls.current = 0;
      setJob(target);
      setRows(undefined);
      setPhase('waiting');
      const running = await pollOnce(target);
      if (running && current.current?.jobId === target.jobId) setPhase('stopped');
    },
    [pollOnce],
  );

  /** Clear: forgets the job on the page (a long-running mark stays). */
  const reset = useCallback(() => {
    stopTimer();
    current.current = undefined;
    setJob(undefined);
    setRows(undefined);
    setPhase('idle');
  }, []);

  return { job, phase, rows, processed, longRunning, follow, keepWaiting, recheck, reset };
}
