import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { DocumentStatusBadge } from './DocumentStatusBadge.js';

describe('DocumentStatusBadge', () => {
  it('shows the status in its own colour: Paid success, Unpaid danger, Inactive secondary, Processing warning', () => {
    render(
      <>
        {(['Paid', 'Unpaid', 'Inactive', 'Processing'] as const).map((status) => (
          <DocumentStatusBadge key={status} status={status} />
        ))}
      </>,
    );
    expect(screen.getByText('Paid').className).toBe('badge text-bg-success');
    expect(screen.getByText('Unpaid').className).toBe('badge text-bg-danger');
    expect(screen.getByText('Inactive').className).toBe('badge text-bg-secondary');
    expect(screen.getByText('Processing').className).toBe('badge text-bg-warning');
  });
});
