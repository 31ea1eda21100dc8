import { SystemMessageAlerts } from '../../../components/SystemMessageAlerts.js';
import { useHomeMessages } from '../api/get-home-messages.js';

/** The signed-in home's system messages (Utilities → System Messages, location home), above the home. */
export function HomeMessages() {
  const messages = useHomeMessages();
  if (messages.length === 0) return null;
  return (
    <div role="region" aria-label="Announcements" className="pt-3">
      <SystemMessageAlerts messages={messages} className="home-system-message" />
    </div>
  );
}
