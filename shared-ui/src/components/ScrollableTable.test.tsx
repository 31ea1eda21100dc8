import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { ScrollableTable } from './ScrollableTable.js';

describe('ScrollableTable', () => {
  it('puts the table in a named scroll box the keyboard can reach', () => {
    render(
      <ScrollableTable label="Testing steps" bordered size="sm">
        <tbody>
          <tr>
            <td>1</td>
          </tr>
        </tbody>
      </ScrollableTable>,
    );
    const box = screen.getByRole('region', { name: 'Testing steps' });
    expect(box.tabIndex).toBe(0);
    expect(box.className).toBe('table-responsive');
    const table = screen.getByRole('table', { name: 'Testing steps' });
    expect(box.contains(table)).toBe(true);
    expect(table.className).toContain('table-bordered');
  });
});
