import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { PageTitle } from './PageTitle.js';

describe('PageTitle', () => {
  it("is the page's one h1 and its title, and gives the product's name back when the page goes", () => {
    const { unmount } = render(<PageTitle>Your Invitation</PageTitle>);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Your Invitation',
    ]);
    expect(document.title).toBe('Your Invitation - POP Documents');
    unmount();
    expect(document.title).toBe('POP Documents');
  });
});
