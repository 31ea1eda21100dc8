import type { ReactNode } from 'react';
import { Link } from 'shared-ui/router';
import { DataTable, formatMoney, paths, type CartItem, type Column } from 'shared-ui';

interface CartItemsTableProps {
  items: CartItem[];
  /** The buttons of one row (Save for later / Move to cart, Delete). */
  renderActions?: (item: CartItem) => ReactNode;
  caption: string;
  /** What the list says when it holds nothing. */
  empty: string;
}

/**
 * Columns of §2 "Shopping cart": Product, Unit Price, Discount, Total, and the row's actions; the kit's
 * DataTable, so on a phone each item is a card (the basket never scrolls sideways at 390 px).
 */
export function CartItemsTable({ items, renderActions, caption, empty }: CartItemsTableProps) {
  const columns: Column<CartItem>[] = [
    {
      key: 'product',
      header: 'Product',
      // The document held in the cart reopens in the order form (2-documents §2).
      cell: (item) => <Link to={paths.cartItemDocument(item.cartItemId)}>{item.product}</Link>,
    },
    {
      key: 'unit',
      header: 'Unit Price',
      className: 'text-md-end',
      cell: (item) => formatMoney(item.unitPrice),
    },
    {
      key: 'discount',
      header: 'Discount',
      className: 'text-md-end',
      cell: (item) => formatMoney(item.discount),
    },
    { key: 'total', header: 'Total', className: 'text-md-end', cell: (item) => formatMoney(item.total) },
    ...(renderActions
      ? [
          {
            key: 'actions',
            header: 'Item actions',
            hideHeader: true,
            className: 'text-md-end text-nowrap',
            cell: renderActions,
          },
        ]
      : []),
  ];
  return (
    <DataTable
      label={caption}
      columns={columns}
      rows={items}
      rowKey={(item) => item.cartItemId}
      empty={empty}
      hover
    />
  );
}
