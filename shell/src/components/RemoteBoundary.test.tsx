import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RemoteBoundary } from './RemoteBoundary.js';

function Broken(): never {
  throw new Error('remoteEntry.js could not be loaded');
}

describe('RemoteBoundary', () => {
  afterEach(cleanup);

  it('replaces only its own slot with an alert and a Retry button', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const onRetry = jest.fn();
    render(
      <>
        <p>Rest of the page</p>
        <RemoteBoundary id="mf_ordering/CartMenu" onRetry={onRetry}>
          <Broken />
        </RemoteBoundary>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toContain('This section could not be loaded.');
    expect(screen.getByText('Rest of the page')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
