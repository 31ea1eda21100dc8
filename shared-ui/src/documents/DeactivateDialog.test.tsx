import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { COLONIAL_DOCUMENT, compliance, PAID_DOCUMENT, renderAt, stubFetch } from '../testing/index.js';
import { DeactivateDialog } from './DeactivateDialog.js';

afterEach(cleanup);

const deactivated = {
  body: { documentId: 'doc-1', status: 'Inactive', message: 'Document has been deactivated' },
};

function open(props: { colonial?: boolean; documentId?: string } = {}) {
  let closed = 0;
  renderAt(
    '/',
    <DeactivateDialog
      show
      documentId={props.documentId ?? 'doc-1'}
      colonial={'colonial' in props ? props.colonial : false}
      onClose={() => (closed += 1)}
    />,
  );
  return { closed: () => closed };
}

const dialog = () => screen.getByRole('dialog');
const save = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));

describe('DeactivateDialog', () => {
  it('requires a reason: says so in its banner, stays open and posts nothing', async () => {
    const { calls } = stubFetch({ 'GET /bff/user': { body: compliance } });
    const { closed } = open();
    fireEvent.change(await screen.findByLabelText('Reason'), { target: { value: '   ' } });
    save();
    expect(await within(dialog()).findByText('A reason is required to deactivate a document')).toBeTruthy();
    expect(closed()).toBe(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('refuses a malformed Send To, then posts the reason, repayment and address and closes', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: compliance },
      'POST /epop-document/{documentId}/deactivate': deactivated,
    });
    const { closed } = open();
    fireEvent.change(await screen.findByLabelText('Reason'), {
      target: { value: ' Requested by the employer ' },
    });
    const sendTo = screen.getByLabelText('Send To') as HTMLInputElement;
    // Send To is about repayment: closed until it is allowed.
    expect(sendTo.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(/Allow repayment/));
    expect(sendTo.disabled).toBe(false);
    fireEvent.change(sendTo, { target: { value: 'not-an-address' } });
    save();
    expect(await within(dialog()).findByText('Send to must be an e-mail address')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(sendTo, { target: { value: 'owner@acme.example' } });
    save();
    expect(await screen.findByText('Document has been deactivated')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/epop-document/doc-1/deactivate');
    expect(post?.body).toEqual({
      reason: 'Requested by the employer',
      allowRepayment: true,
      sendTo: 'owner@acme.example',
    });
    await waitFor(() => expect(closed()).toBe(1));
  });

  it('sends no address without repayment', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: compliance },
      'POST /epop-document/{documentId}/deactivate': deactivated,
    });
    open();
    fireEvent.change(await screen.findByLabelText('Reason'), { target: { value: 'Duplicate' } });
    save();
    await screen.findByText('Document has been deactivated');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      reason: 'Duplicate',
      allowRepayment: false,
    });
  });

  it("shows the server's refusal in its banner and stays open", async () => {
    stubFetch({
      'GET /bff/user': { body: compliance },
      'POST /epop-document/{documentId}/deactivate': {
        status: 400,
        body: { message: 'Only a paid document can be deactivated' },
      },
    });
    const { closed } = open();
    fireEvent.change(await screen.findByLabelText('Reason'), { target: { value: 'Duplicate' } });
    save();
    expect(
      await within(dialog()).findByText('Only a paid document can be deactivated', { selector: '.alert' }),
    ).toBeTruthy();
    expect(closed()).toBe(0);
  });

  it('does not offer repayment for a Colonial document, and says why', async () => {
    stubFetch({ 'GET /bff/user': { body: compliance } });
    open({ colonial: true });
    const repayment = (await screen.findByLabelText(/Allow repayment/)) as HTMLInputElement;
    expect(repayment.disabled).toBe(true);
    expect(screen.getByText(/Repayment cannot be allowed for a Colonial document/)).toBeTruthy();
  });

  it('reads the document to know whether it is Colonial when it is not told', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /epop-document/{id}': ({ params }) => ({
        body: params.id === 'doc-col' ? COLONIAL_DOCUMENT : PAID_DOCUMENT,
      }),
    });
    open({ colonial: undefined, documentId: 'doc-col' });
    expect(await screen.findByText(/Repayment cannot be allowed for a Colonial document/)).toBeTruthy();
    expect((screen.getByLabelText(/Allow repayment/) as HTMLInputElement).disabled).toBe(true);
    expect(calls.some((call) => call.url === '/api/epop-document/doc-col')).toBe(true);
    cleanup();

    stubFetch({ 'GET /bff/user': { body: compliance }, 'GET /epop-document/{id}': { body: PAID_DOCUMENT } });
    open({ colonial: undefined });
    const repayment = (await screen.findByLabelText(/Allow repayment/)) as HTMLInputElement;
    await waitFor(() => expect(repayment.disabled).toBe(false));
  });
});
