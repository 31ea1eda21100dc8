import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
import { below, patterns, type EpopDocument } from 'shared-ui';
import { broker, compliance, PAID_DOCUMENT, renderAt, type StubAnswers, stubFetch } from 'shared-ui/testing';
import { DownloadPage } from './DownloadPage.js';

/** The names the browser was asked to save files under (jsdom saves nothing). */
let saved: string[] = [];

beforeEach(() => {
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

function renderPage(answers: StubAnswers & object = {}, document: EpopDocument = PAID_DOCUMENT) {
  const stub = stubFetch({
    'GET /bff/user': { body: broker },
    'GET /epop-document/{id}': { body: document },
    ...answers,
  });
  renderAt(
    `/document/${document.documentId}/download`,
    <Routes>
      <Route
        path={patterns.documentPages}
        element={
          <Routes>
            <Route
              path={below(patterns.documentPages, patterns.documentDownload)}
              element={<DownloadPage />}
            />
          </Routes>
        }
      />
    </Routes>,
  );
  return stub;
}

const LABELS = ['Download All', 'Plan Document', 'Summary Plan Description', 'Resolution Document'];

describe('DownloadPage', () => {
  it("offers the four downloads under the document's breadcrumb", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'POP Document Download' })).toBeTruthy();
    expect(document.title).toBe('POP Document Download - POP Documents');
    // The specs' trail of a document's pages: Home, the document, Download (this page).
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(trail)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Acme Landscaping Inc', 'Download']);
    expect(within(trail).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(trail).getByRole('link', { name: 'Acme Landscaping Inc' }).getAttribute('href')).toBe(
      '/document/doc-1',
    );
    expect(within(trail).getByRole('link', { name: 'Download' }).getAttribute('aria-current')).toBe('page');
    // Admin Options is compliance's only.
    expect(screen.queryByRole('link', { name: 'Admin Options' })).toBeNull();
    expect(screen.getByText('Acme Landscaping Inc, plan year 01/01/2027 - 12/31/2027')).toBeTruthy();
    for (const label of LABELS) {
      expect((screen.getByRole('button', { name: label }) as HTMLButtonElement).disabled).toBe(false);
    }
  });

  it("gives compliance the specs' Admin Options link, last in the trail", async () => {
    renderPage({ 'GET /bff/user': { body: compliance } });
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() =>
      expect(
        within(trail)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Home', 'Acme Landscaping Inc', 'Download', 'Admin Options']),
    );
    const link = within(trail).getByRole('link', { name: 'Admin Options' });
    expect(link.getAttribute('href')).toBe('/document/doc-1/admin');
  });

  it('fetches each file and saves it under the name the server gives', async () => {
    const { calls } = renderPage({
      'GET /epop-document/{documentId}/download/{section}': ({ params }) => ({
        body: '%PDF-1.7',
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="Acme Landscaping Inc - ${params.section}.pdf"`,
        },
      }),
      'GET /epop-document/{documentId}/download': {
        body: 'PK',
        headers: {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="Acme Landscaping Inc - POP Documents.zip"',
        },
      },
    });
    for (const label of LABELS) {
      fireEvent.click(await screen.findByRole('button', { name: label }));
      await screen.findByRole('button', { name: label });
    }
    await waitFor(() => expect(saved).toHaveLength(4));
    expect(saved).toEqual([
      'Acme Landscaping Inc - POP Documents.zip',
      'Acme Landscaping Inc - plan-doc.pdf',
      'Acme Landscaping Inc - plan-description.pdf',
      'Acme Landscaping Inc - resolution.pdf',
    ]);
    expect(calls.filter((call) => call.url.includes('/download')).map((call) => call.url)).toEqual([
      '/api/epop-document/doc-1/download',
      '/api/epop-document/doc-1/download/plan-doc',
      '/api/epop-document/doc-1/download/plan-description',
      '/api/epop-document/doc-1/download/resolution',
    ]);
  });

  it("tells the server's refusal and saves nothing", async () => {
    renderPage({
      'GET /epop-document/{documentId}/download/{section}': {
        status: 400,
        body: { message: 'This document must be purchased before it can be downloaded' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Plan Document' }));
    expect(
      await screen.findByText('This document must be purchased before it can be downloaded'),
    ).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('says an unpaid document must be purchased first, and offers no download', async () => {
    const { calls } = renderPage({}, { ...PAID_DOCUMENT, status: 'Unpaid', requiresPurchase: true });
    expect(
      await screen.findByText('This document must be purchased before it can be downloaded'),
    ).toBeTruthy();
    for (const label of LABELS) {
      expect((screen.getByRole('button', { name: label }) as HTMLButtonElement).disabled).toBe(true);
    }
    expect(calls.some((call) => call.url.includes('/download'))).toBe(false);
  });

  it('says a document that is not the caller’s cannot be found, without a toast', async () => {
    renderPage({ 'GET /epop-document/{id}': { status: 404, body: { message: 'Document not found' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Document not found' })).toBeTruthy();
    expect(document.title).toBe('Document not found - POP Documents');
    expect(screen.getByText('This document does not exist, or it is not one of yours.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    // The page says it; no toast repeats it.
    expect(screen.getAllByText('Document not found')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Plan Document' })).toBeNull();
  });
});
