import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderAt, stubFetch } from 'shared-ui/testing';
import App from './App.js';

/** The shell mounts the admin remote at /admin/* (shell/src/app/AppRoutes.tsx): its routes are relative. */
function ShellRoutes() {
  return (
    <Routes>
      <Route path="/admin/*" element={<App />} />
    </Routes>
  );
}

afterEach(cleanup);

describe('the admin area', () => {
  it.each([
    ['/admin/clients', 'Clients'],
    ['/admin/client/cl-1', 'Client'],
    ['/admin/strategic-partners', 'Strategic Partners'],
    ['/admin/strategic-partner/new', 'New Strategic Partner'],
    ['/admin/strategic-partner/sp-1/details', 'Strategic Partner Details'],
    ['/admin/users', 'Users'],
    ['/admin/utilities', 'Utilities'],
    ['/admin/utilities/weekly-order-report', 'Utilities'],
    ['/admin/nowhere', 'Page Not Found'],
  ])('titles %s %s', async (path, title) => {
    stubFetch({});
    renderAt(path, <ShellRoutes />);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
  });
});
