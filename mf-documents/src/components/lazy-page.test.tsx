import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPage } from './lazy-page.js';

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('a page loaded when opened', () => {
  it('says it could not be loaded, and loads again on Retry (a lazy component would keep the failure)', async () => {
    // React reports the boundary's error on the console: expected here.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const Page = lazyPage(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Loading chunk 42 failed');
      return function Loaded({ title }: { title: string }) {
        return <h1>{title}</h1>;
      };
    });
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page title="Non-discrimination Testing" />
      </Suspense>,
    );
    expect(await screen.findByText('The page could not be loaded.')).toBeTruthy();
    expect(attempts).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Non-discrimination Testing' })).toBeTruthy();
    expect(attempts).toBe(2);
  });
});
