import { Table } from 'react-bootstrap';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney, paths, type CartItem } from 'shared-ui';

interface CartItemsTableProps {
  items: CartItem[];
  /** The buttons of one row (Save for later / Move to cart, Delete), once their endpoints exist. */
  renderActions?: (item: CartItem) => ReactNode;
  caption: string;
}

/** Columns of §2 "Shopping cart": Product, Unit Price, Discount, Total. */
export function CartItemsTable({ items, renderActions, caption }: CartItemsTableProps) {
  return (
    <Table responsive hover className="align-middle">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className="text-end">
            Unit Price
          </th>
          <th scope="col" className="text-end">
            Discount
          </th>
          <th scope="col" className="text-end">
            Total
          </th>
          {renderActions && (
            <th scope="col">
              <span className="visually-hidden">Item actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.cartItemId}>
            <td>
              {/* The document held in the cart reopens in the order form (2-documents §2). */}
              <Link to={paths.cartItemDocument(item.cartItemId)}>{item.product}</Link>
            </td>
            <td className="text-end">{formatMoney(item.unitPrice)}</td>
            <td className="text-end">{formatMoney(item.discount)}</td>
            <td className="text-end">{formatMoney(item.total)}</td>
            {renderActions && <td className="text-end text-nowrap">{renderActions(item)}</td>}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
