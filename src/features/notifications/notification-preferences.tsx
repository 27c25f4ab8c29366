/**
 * The notification settings (docs/api.md §4 preferences, one row per type): for each kind of update,
 * whether it is also mailed and also pushed to this user's devices, plus this device's push switch.
 * Every update always lands in the app; these only add channels. Changes save at once (optimistic,
 * undone with a message if the server refuses). Lives on /profile under #notifications.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { NOTIFICATION_TYPE_NAMES } from '../../../contract/enums';
import type { NotificationPreference } from '../../../contract/notifications';
import { useLang, useT } from '../../lib/i18n';
import { useNotificationPreferencesQuery, useUpdateNotificationPreferenceMutation } from './api/notifications-api';
import { notificationsMessages } from './notifications-messages';
import { PushSwitch } from './push-settings';
import Button from '@mui/material/Button';
import './notifications.css';

export function NotificationPreferences() {
  const t = useT(notificationsMessages);
  const { lang } = useLang();
  const { data, error, isLoading, refetch } = useNotificationPreferencesQuery();
  const [update, { isError: updateFailed }] = useUpdateNotificationPreferenceMutation();
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();

  // Arriving from the dropdown's "Notification settings" link: bring the section into view.
  useEffect(() => {
    if (hash === '#notifications' && data) section.current?.scrollIntoView({ block: 'start' });
  }, [hash, data]);

  const set = (
    row: NotificationPreference,
    change: Partial<Pick<NotificationPreference, 'emailEnabled' | 'webPushEnabled'>>,
  ) => void update({ type: row.type, emailEnabled: row.emailEnabled, webPushEnabled: row.webPushEnabled, ...change });

  return (
    <section ref={section} id="notifications" className="card profile-section" aria-labelledby="notif-prefs-title">
      <h2 id="notif-prefs-title">{t('preferencesTitle')}</h2>
      <p className="muted">{t('preferencesIntro')}</p>
      <PushSwitch />
      {isLoading && (
        <p role="status" className="muted">
          {t('loading')}
        </p>
      )}
      {error && !data && (
        <div className="alert alert-error" role="alert">
          <p>{t('preferencesFailed')}</p>
          <Button variant="outlined" type="button" onClick={() => void refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      )}
      {updateFailed && (
        <p className="alert alert-error" role="alert">
          {t('preferenceUpdateFailed')}
        </p>
      )}
      {data && (
        <table className="notif-prefs">
          <thead>
            <tr>
              <th scope="col">{t('preferenceType')}</th>
              <th scope="col">{t('preferenceEmail')}</th>
              <th scope="col">{t('preferencePush')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((row) => {
              const name = NOTIFICATION_TYPE_NAMES[row.type]?.[lang] ?? row.displayName;
              return (
                <tr key={row.type}>
                  <th scope="row">{name}</th>
                  <td>
                    <input
                      type="checkbox"
                      checked={row.emailEnabled}
                      aria-label={t('preferenceEmailFor', { type: name })}
                      onChange={(event) => set(row, { emailEnabled: event.target.checked })}
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      checked={row.webPushEnabled}
                      aria-label={t('preferencePushFor', { type: name })}
                      onChange={(event) => set(row, { webPushEnabled: event.target.checked })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
