import { useState } from 'react';
import { Button, Card } from 'shared-ui/bootstrap';
import { ConfirmDialog, LoadFailed, LoadingState, notifySuccess } from 'shared-ui';
import { UtilityHeader } from '../../../components/UtilityHeader.js';
import { saveRefreshTokenSetting, useRefreshTokenSetting } from '../api/refresh-token.js';
import { useRevalidateSettings } from '../api/revalidate.js';
import { SETTINGS_MESSAGES } from '../messages.js';
import { SettingsChangeLog } from './SettingsChangeLog.js';

const TURN_OFF_WARNING =
  'With token refresh off, nothing renews a session’s access token: each session ends when its token ' +
  'expires, however active the user is. Turn it off?';

/**
 * /admin/utilities/refresh-token: the global refresh-token setting (specs/1-foundation.md §4 Session:
 * "The refresh timers are active only when a global setting enables refresh tokens"), with its change log.
 */
export function RefreshTokenSetting() {
  const { data: setting, error } = useRefreshTokenSetting();
  const revalidate = useRevalidateSettings();
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);

  async function save(enabled: boolean) {
    setConfirming(false);
    setSaving(true);
    try {
      await saveRefreshTokenSetting(enabled);
      notifySuccess(SETTINGS_MESSAGES.refreshTokenSaved);
      await revalidate();
    } catch {
      // told by the api client
    } finally {
      setSaving(false);
    }
  }

  return (
    <section>
      <UtilityHeader section="refresh-token" />
      {error && !setting ? (
        <LoadFailed what="setting" />
      ) : !setting ? (
        <LoadingState label="Loading the setting" />
      ) : (
        <Card>
          <Card.Body>
            <p>
              Sessions refresh their access token every 20 minutes while the user is active:{' '}
              <strong data-testid="refresh-token-state">{setting.enabled ? 'On' : 'Off'}</strong>
            </p>
            <p className="small text-muted">
              The gateway reads this setting when it starts: a change applies to sessions from its next start.
            </p>
            {setting.enabled ? (
              <Button variant="danger" disabled={saving} onClick={() => setConfirming(true)}>
                Turn Off
              </Button>
            ) : (
              <Button disabled={saving} onClick={() => void save(true)}>
                Turn On
              </Button>
            )}
          </Card.Body>
        </Card>
      )}
      <ConfirmDialog
        show={confirming}
        message={TURN_OFF_WARNING}
        confirmLabel="Turn Off"
        confirmVariant="danger"
        onConfirm={() => void save(false)}
        onCancel={() => setConfirming(false)}
      />
      <SettingsChangeLog subject="refresh-token" />
    </section>
  );
}
