import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { compliance, renderAt, stubFetch } from 'shared-ui/testing';
import type { ReturnFileRow } from '../api/return-file.js';
import { LONG_RUNNING_KEY } from '../hooks/long-running-jobs.js';
import { KEEP_WAITING, ReturnFileUpload, TOO_LARGE, UPLOADED } from './ReturnFileUpload.js';

const JOB = '11111111-1111-4111-8111-111111111111';
const ROW: ReturnFileRow = {
  bcnVendor: 'Colonial',
  bcn: 'BCN-100',
  qualifyDate: '2027-03-01',
  noPay: '',
  result: 'Qualify date 03/01/2027 recorded',
  success: true,
  clientId: '22222222-2222-4222-8222-222222222222',
};

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

async function chooseAndUpload(name = 'return.xlsx', bytes = 'PK') {
  renderAt('/admin/utilities/return-file-upload', <ReturnFileUpload />);
  expect(screen.getByText('No file chosen')).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
  const file = new File([bytes], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  fireEvent.change(screen.getByLabelText('Return file'), { target: { files: [file] } });
  expect(screen.getByText(name)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy();
  expect(screen.getByText(/^Upload status:/).textContent).toBe('Upload status: init');
  fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
  await advance(0);
}

describe('the return file upload', () => {
  it('uploads, waits 5 s, polls every 3 s and shows the rows when the job is done', async () => {
    let polls = 0;
    const { calls } = stubFetch({
      'GET /bff/user': { body: compliance },
      'POST /colonial/return-file': { body: { jobId: JOB, message: UPLOADED } },
      'GET /colonial/return-file/{jobId}': () =>
        ++polls < 3
          ? { status: 202, body: { status: 'running', processed: polls * 10, message: 'still' } }
          : { body: [ROW] },
    });
    await chooseAndUpload();
    expect(await screen.findByText(UPLOADED)).toBeTruthy();
    expect(screen.getByText(/^Upload status:/).textContent).toBe('Upload status: success');
    expect(calls.filter((call) => call.method === 'POST')[0]?.headers['content-type']).toMatch(
      /^multipart\/form-data/,
    );

    await advance(4_999);
    expect(polls).toBe(0);
    await advance(1);
    expect(polls).toBe(1);
    expect(screen.getByText(/Processing return\.xlsx \(10 rows so far\)/)).toBeTruthy();
    await advance(2_999);
    expect(polls).toBe(1);
    await advance(1);
    expect(polls).toBe(2);
    await advance(3_000);
    expect(polls).toBe(3);
    const table = screen.getByRole('table', { name: /Results: return\.xlsx \(1 of 1 rows applied\)/ });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Colonial',
      'BCN-100',
      '03/01/2027',
      '',
      'Qualify date 03/01/2027 recorded',
      'Yes',
      ROW.clientId,
    ]);
    await advance(30_000);
    expect(polls).toBe(3);
  });

  it('asks after 60 polls; declining marks the job long-running, and its link re-checks it later', async () => {
    let done = false;
    let polls = 0;
    stubFetch({
      'GET /bff/user': { body: compliance },
      'POST /colonial/return-file': { body: { jobId: JOB, message: UPLOADED } },
      'GET /colonial/return-file/{jobId}': () => {
        polls += 1;
        return done
          ? { body: [ROW] }
          : { status: 202, body: { status: 'running', processed: 1, message: 'still' } };
      },
    });
    await chooseAndUpload('slow.xlsx');
    await advance(5_000);
    for (let i = 1; i < 60; i += 1) await advance(3_000);
    expect(polls).toBe(60);
    expect(await screen.findByText(KEEP_WAITING)).toBeTruthy();
    await advance(30_000);
    expect(polls).toBe(60); // no poll while the question is open

    fireEvent.click(screen.getByRole('button', { name: 'Keep Waiting' }));
    for (let i = 0; i < 60; i += 1) await advance(3_000);
    expect(polls).toBe(120);
    expect(await screen.findByText(KEEP_WAITING)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop Waiting' }));
    await advance(30_000);
    expect(polls).toBe(120);
    expect(JSON.parse(localStorage.getItem(LONG_RUNNING_KEY)!)).toEqual([
      { jobId: JOB, fileName: 'slow.xlsx', markedAt: expect.any(String) },
    ]);
    expect(screen.getByText(/slow\.xlsx is still being processed/)).toBeTruthy();

    // Later (another visit): the link checks the job again; its rows arrive, the mark is gone.
    cleanup();
    done = true;
    renderAt('/admin/utilities/return-file-upload', <ReturnFileUpload />);
    fireEvent.click(screen.getByRole('button', { name: 'Check results of slow.xlsx' }));
    await advance(0);
    expect(polls).toBe(121);
    expect(screen.getByRole('table', { name: /Results: slow\.xlsx/ })).toBeTruthy();
    expect(localStorage.getItem(LONG_RUNNING_KEY)).toBeNull();
  });

  it('stops polling on an error, says why and clears the long-running job', async () => {
    localStorage.setItem(
      LONG_RUNNING_KEY,
      JSON.stringify([{ jobId: JOB, fileName: 'broken.xlsx', markedAt: '2026-01-01T00:00:00.000Z' }]),
    );
    let polls = 0;
    stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /colonial/return-file/{jobId}': () => {
        polls += 1;
        return { status: 400, body: { message: 'The return file is not a valid Excel workbook' } };
      },
    });
    renderAt('/admin/utilities/return-file-upload', <ReturnFileUpload />);
    fireEvent.click(screen.getByRole('button', { name: 'Check results of broken.xlsx' }));
    await advance(0);
    expect(await screen.findByText('The return file is not a valid Excel workbook')).toBeTruthy();
    expect(localStorage.getItem(LONG_RUNNING_KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check results of broken.xlsx' })).toBeNull();
    await advance(60_000);
    expect(polls).toBe(1);
  });

  it('shows the refusal of a bad file and the failed status, and Clear starts over', async () => {
    stubFetch({
      'GET /bff/user': { body: compliance },
      'POST /colonial/return-file': {
        status: 400,
        body: { message: 'This is an old Excel 97-2003 (.xls) file: save it as .xlsx' },
      },
    });
    await chooseAndUpload('old.xls');
    expect(
      await screen.findByText('This is an old Excel 97-2003 (.xls) file: save it as .xlsx'),
    ).toBeTruthy();
    expect(screen.getByText(/^Upload status:/).textContent).toBe('Upload status: failed');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('No file chosen')).toBeTruthy();
    expect(screen.getByText(/^Upload status:/).textContent).toBe('Upload status: init');
  });

  it('tells a file over 10 MB at once and sends nothing', async () => {
    const { calls } = stubFetch({ 'GET /bff/user': { body: compliance } });
    await chooseAndUpload('big.xlsx', 'x'.repeat(10 * 1024 * 1024 + 1));
    expect(await screen.findByText(TOO_LARGE)).toBeTruthy();
    expect(screen.getByText(/^Upload status:/).textContent).toBe('Upload status: failed');
    expect(calls.some((call) => call.url.includes('/colonial/return-file'))).toBe(false);
  });
});
