import { Spinner } from '../bootstrap.js';

/**
 * The one busy indicator of every screen: a spinner that screen readers announce as `label`
 * (`role="status"` takes its name from aria-label).
 */
export function Busy({ label = 'Loading', size = 'sm' }: { label?: string; size?: 'sm' | 'md' }) {
  return (
    <Spinner animation="border" role="status" aria-label={label} size={size === 'sm' ? 'sm' : undefined} />
  );
}
