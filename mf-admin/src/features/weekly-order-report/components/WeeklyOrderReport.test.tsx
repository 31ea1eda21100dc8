import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { compliance, holdRequests, recordDownloads, renderAt, stubFetch } from 'shared-ui/testing';
import type { WeeklyReportRow } from '../api/get-weekly-report.js';
import { GENERATING } from '../../../components/ReportResult.js';
import { defaultRange, WeeklyOrderReport } from './WeeklyOrderReport.js';

const ROW: WeeklyReportRow = {
  companyName: 'Acme Landscaping Inc',
  state: 'TX',
  // 11:30 pm on March 1st in New York.
  orderDate: '2026-03-02T04:30:00.000Z',
  planStartDate: '2026-04-01',
  planEndDate: '2027-03-31',
  paymentMethod: 'Credit Card',
  transactionId: 'TX-1',
  price: 300,
  commissioned: true,
  broker: 'Bea Broker',
  createdBy: 'Bea Broker',
};

/** The names the browser was asked to save files under. */
const saved = recordDownloads();

describe('the weekly order report', () => {
  it('defaults to Monday of last week through this Sunday', () => {
    // Wednesday November 25th, 2026.
    expect(defaultRange('2026-11-25')).toEqual({ from: '2026-11-16', to: '2026-11-29' });
    // A Monday and a Sunday are in their own week.
    expect(defaultRange('2026-11-23')).toEqual({ from: '2026-11-16', to: '2026-11-29' });
    expect(defaultRange('2026-11-29')).toEqual({ from: '2026-11-16', to: '2026-11-29' });
  });

  it('shows the rows and downloads the Excel file by itself', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /sales-report/epop': { body: [ROW] },
      'GET /sales-report/epop/excel': {
        body: 'PK',
        headers: { 'content-disposition': 'attachment; filename="weekly.xlsx"' },
      },
    });
    renderAt('/admin/utilities/weekly-order-report', <WeeklyOrderReport />);
    const { from } = defaultRange();
    const [fromYear, fromMonth, fromDay] = from.split('-');
    expect((screen.getByLabelText(/^From/) as HTMLInputElement).value).toBe(
      `${fromMonth}/${fromDay}/${fromYear}`,
    );
    expect((screen.getByLabelText(/^From/) as HTMLInputElement).placeholder).toBe('mm/dd/yyyy');

    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '03/01/2026' } });
    fireEvent.blur(screen.getByLabelText(/^From/));
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '03/08/2026' } });
    fireEvent.blur(screen.getByLabelText(/^To/));
    fireEvent.click(screen.getByLabelText('Exclude Colonial'));
    fireEvent.click(screen.getByRole('button', { name: 'Run Report' }));

    const table = await screen.findByRole('table', { name: 'Orders 03/01/2026 to 03/08/2026' });
    expect(within(table).getAllByRole('row')[1]!.querySelectorAll('td').length).toBe(11);
    expect(
      [...within(table).getAllByRole('row')[1]!.querySelectorAll('td')].map((cell) => cell.textContent),
    ).toEqual([
      'Acme Landscaping Inc',
      'TX',
      '03/01/2026',
      '04/01/2026',
      '03/31/2027',
      'Credit Card',
      'TX-1',
      '$300.00',
      'Yes',
      'Bea Broker',
      'Bea Broker',
    ]);
    expect(calls.find((call) => call.url.startsWith('/api/sales-report/epop?'))?.url).toBe(
      '/api/sales-report/epop?from=2026-03-01&to=2026-03-08&excludeColonial=true',
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.find((call) => call.url.startsWith('/api/sales-report/epop/excel'))?.url).toBe(
      '/api/sales-report/epop/excel?from=2026-03-01&to=2026-03-08&excludeColonial=true',
    );
  });

  it("says 'Generating Report. Please wait' while it runs, and downloads nothing when the days have no orders", async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /sales-report/epop': { body: [] },
    });
    const { release } = holdRequests('/sales-report');
    renderAt('/admin/utilities/weekly-order-report', <WeeklyOrderReport />);
    fireEvent.click(screen.getByRole('button', { name: 'Run Report' }));
    expect(await screen.findByText(GENERATING)).toBeTruthy();
    release();
    expect(await screen.findByText('No orders were placed in these days')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('/excel'))).toBe(false);
    expect(saved).toEqual([]);
  });
});
