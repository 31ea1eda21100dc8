import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { productToday } from 'shared-domain';
import { compliance, holdRequests, recordDownloads, renderAt, stubFetch } from 'shared-ui/testing';
import type { PartnerReportRow } from '../api/get-partner-report.js';
import { GENERATING } from '../../../components/ReportResult.js';
import { reportYears } from '../../../lib/report-period.js';
import { PartnerReport } from './PartnerReport.js';

const partner = (companyId: string, name: string) => ({
  companyId,
  name,
  customUrl: '',
  referralId: companyId,
  companyDetail: {
    name,
    phone: '',
    federalTaxId: '',
    addressLine1: '',
    addressLine2: '',
    city: '',
    state: '',
    zipCode: '',
    notes: '',
  },
});
const PARTNERS = [partner('p-colonial', 'Colonial Life'), partner('p-summit', 'Summit Benefits Partners')];
const ROW: PartnerReportRow = {
  documentId: 'doc-1',
  clientCompanyName: 'Acme Landscaping Inc',
  city: 'Austin',
  state: 'TX',
  // 11:30 pm on March 1st in New York.
  createdDate: '2026-03-02T04:30:00.000Z',
  currentPlanYearStartDate: '2026-04-01',
  price: 375,
  paymentMethod: 'Credit Card',
  newOrRenewal: 'Renewal',
};

/** The names the browser was asked to save files under. */
const saved = recordDownloads();

const [thisYear, thisMonth] = productToday().split('-').map(Number) as [number, number];

describe('the strategic partner report', () => {
  it('offers this year and the 3 before it, never below 2017', () => {
    expect(reportYears(2026)).toEqual([2026, 2025, 2024, 2023]);
    expect(reportYears(2018)).toEqual([2018, 2017]);
  });

  it("defaults to this month, says 'Generating Report. Please wait' while it runs, then shows the rows", async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /strategic-partner': { body: PARTNERS },
      'GET /strategic-partner/{id}/report': { body: [ROW] },
    });
    const { release } = holdRequests('/report');
    renderAt('/admin/utilities/strategic-partner-report', <PartnerReport />);

    const month = screen.getByLabelText('Month') as HTMLSelectElement;
    const year = screen.getByLabelText('Year') as HTMLSelectElement;
    expect(month.value).toBe(String(thisMonth));
    expect(year.value).toBe(String(thisYear));
    expect(within(month).getAllByRole('option')).toHaveLength(12);
    expect(
      within(year)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(reportYears(thisYear).map(String));
    const run = screen.getByRole('button', { name: 'Run Report' }) as HTMLButtonElement;
    expect(run.disabled).toBe(true);

    await screen.findByRole('option', { name: 'Summit Benefits Partners' });
    fireEvent.change(screen.getByLabelText('Strategic Partner'), { target: { value: 'p-summit' } });
    fireEvent.change(month, { target: { value: '3' } });
    fireEvent.change(year, { target: { value: String(thisYear - 1) } });
    fireEvent.click(run);
    expect(await screen.findByText(GENERATING)).toBeTruthy();
    release();

    const table = await screen.findByRole('table', {
      name: `Summit Benefits Partners: March ${thisYear - 1}`,
    });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) =>
          within(row)
            .queryAllByRole('cell')
            .map((cell) => cell.textContent),
        )[1],
    ).toEqual([
      'doc-1',
      'Acme Landscaping Inc',
      'Austin',
      'TX',
      '03/01/2026',
      '04/01/2026',
      '$375.00',
      'Credit Card',
      'Renewal',
    ]);
    expect(screen.queryByText(GENERATING)).toBeNull();
    expect(calls.find((call) => call.url.includes('/report'))?.url).toBe(
      `/api/strategic-partner/p-summit/report?month=3&year=${thisYear - 1}`,
    );
  });

  it('downloads the same rows as an Excel file, and says so when the month has none', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /strategic-partner': { body: PARTNERS },
      'GET /strategic-partner/{id}/report': ({ query }) => ({
        body: query.get('month') === '1' ? [] : [ROW],
      }),
      'GET /strategic-partner/{id}/report/excel': {
        body: 'PK',
        headers: { 'content-disposition': 'attachment; filename="Colonial Life Report 2026-02.xlsx"' },
      },
    });
    renderAt('/admin/utilities/strategic-partner-report', <PartnerReport />);
    await screen.findByRole('option', { name: 'Colonial Life' });
    fireEvent.change(screen.getByLabelText('Strategic Partner'), { target: { value: 'p-colonial' } });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run Report' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(saved).toEqual(['Colonial Life Report 2026-02.xlsx']));
    expect(calls.map((call) => call.url)).toContain(
      `/api/strategic-partner/p-colonial/report/excel?month=2&year=${thisYear}`,
    );

    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run Report' }));
    expect(await screen.findByText('No documents were sold through this partner in that month')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download Excel' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
