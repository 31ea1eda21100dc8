import { Alert } from 'shared-ui/bootstrap';
import type { SystemMessage } from 'shared-ui';

/**
 * The current system messages of a page (specs/1-foundation.md §2: "rendered as info, success, warning
 * or danger according to its style"): one Bootstrap alert each, in the order the API gives them.
 */
export function SystemMessageAlerts({
  messages,
  className,
}: {
  messages: readonly SystemMessage[];
  /** The page's own class for them ('login-system-message', 'home-system-message'). */
  className: string;
}) {
  return (
    <>
      {messages.map((message, index) => (
        <Alert key={index} variant={message.style} className={className}>
          {message.message}
        </Alert>
      ))}
    </>
  );
}
