import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { productToday } from 'shared-domain';
import { compliance, holdRequests, recordDownloads, renderAt, stubFetch } from 'shared-ui/testing';
import type { BillFileRow } from '../api/bill-file.js';
import { ColonialBillFile } from './ColonialBillFile.js';
import { GENERATING } from '../../../components/ReportResult.js';
import { reportYears } from '../../../lib/report-period.js';

const ROW: BillFileRow = {
  accountId: 'E480111',
  accountIdSuffix: '001',
  clientCompanyName: 'Bayside Bakery',
  city: 'Mobile',
  state: 'AL',
  group_id: 'G-7',
  agentId: 'AG7100',
  createdDate: '2026-03-10T15:00:00.000Z',
  currentPlanYearStartDate: '2026-04-01',
  transCode: 'A',
};

/** The names the browser was asked to save files under. */
const saved = recordDownloads();

const [thisYear, thisMonth] = productToday().split('-').map(Number) as [number, number];

describe('the Colonial bill file', () => {
  it('offers this year and the 3 before it, never below 2017', () => {
    expect(reportYears(2026)).toEqual([2026, 2025, 2024, 2023]);
    expect(reportYears(2019)).toEqual([2019, 2018, 2017]);
  });

  it('defaults to now, says Generating Report while it runs, shows the rows and downloads the Excel file', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /colonial/bill-file': { body: [ROW] },
      'GET /colonial/bill-file/excel': {
        body: 'PK',
        headers: { 'content-disposition': 'attachment; filename="Colonial Bill File 2025-03.xlsx"' },
      },
    });
    const { release } = holdRequests('/bill-file?');
    renderAt('/admin/utilities/colonial-bill-file', <ColonialBillFile />);
    expect((screen.getByLabelText('Month') as HTMLSelectElement).value).toBe(String(thisMonth));
    expect((screen.getByLabelText('Year') as HTMLSelectElement).value).toBe(String(thisYear));
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: String(thisYear - 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Run Report' }));
    expect(await screen.findByText(GENERATING)).toBeTruthy();
    release();
    const table = await screen.findByRole('table', { name: `Bill file: March ${thisYear - 1}` });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'E480111',
      '001',
      'Bayside Bakery',
      'Mobile',
      'AL',
      'G-7',
      'AG7100',
      '03/10/2026',
      '04/01/2026',
      'A',
    ]);
    expect(calls.find((call) => call.url.includes('/bill-file?'))?.url).toBe(
      `/api/colonial/bill-file?month=3&year=${thisYear - 1}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(saved).toEqual(['Colonial Bill File 2025-03.xlsx']));
    expect(calls.map((call) => call.url)).toContain(
      `/api/colonial/bill-file/excel?month=3&year=${thisYear - 1}`,
    );
  });
});
