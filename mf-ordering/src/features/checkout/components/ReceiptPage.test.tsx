import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
import { broker, renderAt, stubFetch } from 'shared-ui/testing';
import { ReceiptPage } from './ReceiptPage.js';

const page = () => (
  <Routes>
    <Route path="/orders/:orderId/receipt" element={<ReceiptPage />} />
  </Routes>
);

afterEach(cleanup);

describe('ReceiptPage', () => {
  it("shows the server's receipt markup and downloads the PDF under the name the server gives", async () => {
    const saved: string[] = [];
    const realClick = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    URL.createObjectURL = () => 'blob:receipt';
    URL.revokeObjectURL = () => undefined;
    try {
      const { calls } = stubFetch({
        'GET /bff/user': { body: broker },
        'GET /order/{orderId}/receipt': {
          body: {
            orderId: 'o-1',
            orderNumber: '1001',
            receipt: '<h4>Order <b>1001</b></h4><p>Visa ending in 1111</p><p>&lt;b&gt;Acme&lt;/b&gt;</p>',
          },
        },
        'GET /order/{orderId}/receipt/download': {
          body: '%PDF-1.7',
          headers: { 'content-disposition': 'attachment; filename="receipt-1001.pdf"' },
        },
      });
      renderAt('/orders/o-1/receipt', page());

      expect(screen.getByRole('heading', { name: 'Order Receipt' })).toBeTruthy();
      const receipt = await screen.findByRole('article', { name: 'Receipt' });
      expect(within(receipt).getByText('1001').tagName).toBe('B');
      // What the server escaped stays text.
      expect(within(receipt).getByText('<b>Acme</b>')).toBeTruthy();
      expect(calls.find((call) => call.url.endsWith('/receipt'))?.params).toEqual({ orderId: 'o-1' });

      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Download Receipt' }));
      });
      await waitFor(() => expect(saved).toEqual(['receipt-1001.pdf']));
      expect(calls.map((call) => call.url)).toContain('/api/order/o-1/receipt/download');
    } finally {
      HTMLAnchorElement.prototype.click = realClick;
    }
  });

  it('shows the tables and classes of the markup but nothing active that might get through', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /order/{orderId}/receipt': {
        body: {
          orderId: 'o-1',
          orderNumber: '1001',
          receipt: [
            '<div class="receipt"><h2>Receipt</h2>',
            '<table class="table receipt-items"><thead><tr><th>Product</th><th class="text-end">Total</th></tr></thead>',
            '<tbody><tr><td>Acme POP Document</td><td class="text-end" style="color: green">$270.00</td></tr></tbody></table>',
            '<script>window.stolen = true</script>',
            '<img src="x.png" alt="Logo" onerror="window.stolen = true">',
            '<iframe src="https://evil.example/" title="Evil frame"></iframe>',
            '<style>body { background: url(https://evil.example/track) }</style>',
            '<p style="background-image: url(https://evil.example/track)">Paid by Visa ending in 1111</p>',
            '<p style="background: u\\72l(https://evil.example/track)">Thank you</p>',
            '<a href="javascript:window.stolen = true">Help</a>',
            '<form action="https://evil.example/"><input name="card" aria-label="Card again"></form>',
            '<svg><a href="https://evil.example/"><text>Svg link</text></a></svg>',
            '</div>',
          ].join(''),
        },
      },
    });
    renderAt('/orders/o-1/receipt', page());
    const receipt = await screen.findByRole('article', { name: 'Receipt' });

    // What the receipt is made of stays: its table, its classes, a harmless style.
    const table = within(receipt).getByRole('table');
    expect(table.className).toBe('table receipt-items');
    expect(within(table).getByRole('columnheader', { name: 'Total' }).className).toBe('text-end');
    const total = within(table).getByRole('cell', { name: '$270.00' });
    expect(total.className).toBe('text-end');
    expect(total.getAttribute('style')).toBe('color: green');
    expect(within(receipt).getByRole('img', { name: 'Logo' })).toBeTruthy();
    expect(within(receipt).getByText('Paid by Visa ending in 1111')).toBeTruthy();

    // What could run, load or be filled in is gone.
    expect(receipt.querySelector('script, iframe, style, form, input, svg')).toBeNull();
    expect(within(receipt).getByRole('img', { name: 'Logo' }).getAttribute('onerror')).toBeNull();
    expect(within(receipt).getByText('Paid by Visa ending in 1111').getAttribute('style')).toBeNull();
    expect(within(receipt).getByText('Thank you').getAttribute('style')).toBeNull();
    expect(within(receipt).getByText('Help').getAttribute('href')).toBeNull();
    expect(within(receipt).queryByTitle('Evil frame')).toBeNull();
    expect(within(receipt).queryByRole('textbox', { name: 'Card again' })).toBeNull();
    expect(within(receipt).queryByText('Svg link')).toBeNull();
    expect((window as { stolen?: boolean }).stolen).toBeUndefined();
  });

  it('says clearly that an unknown or foreign receipt is not found, without an error toast', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /order/{orderId}/receipt': { status: 404, body: { message: 'Receipt not found' } },
    });
    renderAt('/orders/o-9/receipt', page());
    expect(await screen.findByText(/This receipt could not be found/)).toBeTruthy();
    expect(screen.queryByText('Receipt not found')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download Receipt' })).toBeNull();
  });

  it('tells a server failure as the catalogue says', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /order/{orderId}/receipt': { status: 400, body: { message: 'Order id is not valid' } },
    });
    renderAt('/orders/x/receipt', page());
    expect(await screen.findByText('Order id is not valid')).toBeTruthy();
    expect(screen.getByText('The receipt could not be loaded. Please try again later.')).toBeTruthy();
  });
});
