import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { broker, holdRequests, recordDownloads, renderAt, stubFetch } from 'shared-ui/testing';
import { OLD_SHAPE_RESULT, storedResult } from '../test-fixtures.js';
import { NdtResults } from './NdtResults.js';

/** The names the browser was asked to save files under (jsdom saves nothing). */
const saved = recordDownloads();

/** The note's worked test B: premium-only at the eligibility safe harbor, key employees at 40%. */
const TEST_B = {
  ndtAnswer1: true,
  ndtAnswer2: false,
  ndtAnswer3: false,
  ndtAnswer3a: true,
  totalNonHces: 8,
  eligibleNonHces: 6,
  totalHces: 2,
  eligibleHces: 2,
  ndtAnswer4: true,
  ndtAnswer5: true,
  ndtAnswer6: true,
  totalCostOfBenefits: 100_000,
  totalCostKeyEmployees: 40_000,
};

const PDF_PATH = 'GET /epop-document/{documentId}/non-discrimination/{resultId}/pdf';

/** The results' buttons (hidden in print), in order. */
const buttonsOf = () =>
  within(document.querySelector<HTMLElement>('.ndt-no-print')!)
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('the results page’s Download PDF', () => {
  it('sits next to Print and saves the stored result’s PDF under the name the server gives', async () => {
    const result = storedResult(TEST_B, 'res-b');
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      [PDF_PATH]: ({ params }) => ({
        body: '%PDF-1.7',
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="NDT Results - Granite State Roofing - 05-04-2026.pdf"; filename*=UTF-8''NDT%20Results%20-%20Granite%20State%20Roofing%20-%20${params.resultId}.pdf`,
        },
      }),
    });
    renderAt('/', <NdtResults result={result} onNewTest={() => undefined} />);
    expect(buttonsOf()).toEqual(['Print', 'Download PDF', 'Take a new test']);

    const hold = holdRequests('/pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    // While the server makes it, the button says so and takes no second press.
    const busy = await screen.findByRole('button', { name: /Downloading the results PDF/ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    hold.release();

    await waitFor(() => expect(saved).toEqual(['NDT Results - Granite State Roofing - res-b.pdf']));
    expect(calls.filter((call) => call.url.endsWith('/pdf')).map((call) => call.url)).toEqual([
      `/api/epop-document/${result.documentId}/non-discrimination/res-b/pdf`,
    ]);
    expect(calls.find((call) => call.url.endsWith('/pdf'))?.headers['X-CSRF']).toBe('1');
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeTruthy();
  });

  it('is offered for a result stored before issue 22, and a refusal is told with nothing saved', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      [PDF_PATH]: { status: 404, body: { message: 'Test result not found' } },
    });
    renderAt('/', <NdtResults result={OLD_SHAPE_RESULT} />);
    expect(buttonsOf()).toEqual(['Print', 'Download PDF']);
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Test result not found')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
