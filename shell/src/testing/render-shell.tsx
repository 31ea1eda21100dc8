import { jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { useLocation, type InitialEntry } from 'shared-ui/router';
import { renderAt, type RecordedCall } from 'shared-ui/testing';
import { AppContent } from '../app/App.js';

// Jest's ESM loader fails when several lazy modules link the same dependency at the same moment
// ("request for 'react/jsx-runtime' is not in cache"), as the signed-in bar, user menu and home do
// right after a sign-in: under test they are loaded once, one after the other, before any render.
for (const load of [
  () => import('../features/top-bar/components/SignedInBar.js'),
  () => import('../features/top-bar/components/UserMenu.js'),
  () => import('../app/SignedInHome.js'),
  () => import('../app/AdminSection.js'),
]) {
  await load();
}

/** Shows the router's current address, so a test can see where the shell went. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/**
 * The remote slots (the cart menu, the home widgets) cannot load under Jest (no /remotes.json): they
 * fail into their own alert, as designed. Their console errors are expected noise; others still print.
 */
function silenceRemoteFailures() {
  if (jest.isMockFunction(console.error)) return; // already filtered (or a test spies on it itself)
  const original = console.error.bind(console);
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
    if (/remotes\.json|^Remote |RemoteBoundary/.test(text)) return;
    original(...args);
  });
}

/** The whole shell (routes, guard, session handlers, page views) under a MemoryRouter at `path`. */
export function renderShell(path: InitialEntry) {
  silenceRemoteFailures();
  return renderAt(
    path,
    <>
      <AppContent />
      <LocationProbe />
    </>,
  );
}

/** The address the shell is at now. */
export const currentLocation = () => screen.getByTestId('location').textContent;

/**
 * Types into the control labelled `label` and lets formik's asynchronous validation settle inside
 * act() (otherwise React warns about an update outside act).
 */
export async function fillIn(label: string, value: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
}

/** Clicks and lets what the click started (validation, a submit) settle inside act(). */
export async function clickOn(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

/** The bodies of the page views among the recorded calls (`POST /api/page-view {path}`), in order. */
export const pageViewsIn = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url === '/api/page-view').map((call) => call.body);
