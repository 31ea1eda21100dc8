import { useEffect } from 'react';

/**
 * The browser's own "Leave site?" prompt while the form has answers that were not saved (closing the
 * tab, reloading, typing another address). In-app links are not blocked: react-router's `useBlocker`
 * needs a data router and the shell mounts a `BrowserRouter`; the autosaved draft keeps the answers
 * instead, and the form offers them back when it is opened again.
 */
export function useUnsavedChangesPrompt(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);
}
