/**
 * Push on this device, in two places: a short offer inside the notification dropdown (the moment a
 * user is looking at notifications is when "also when the app is closed" makes sense; never on first
 * load), and a switch in the notification settings. Both say plainly when the browser cannot do it
 * or when the user has blocked it, since a blocked prompt cannot be shown again from the page.
 */
import { useCallback, useEffect, useState } from 'react';
import { useApiDispatch } from '../../lib/api/api';
import { useT } from '../../lib/i18n';
import { notificationsMessages } from './notifications-messages';
import { declinePushOffer, disablePush, enablePush, pushState, shouldOfferPush, type PushState } from './push';
import Button from '@mui/material/Button';

function usePushState() {
  const dispatch = useApiDispatch();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void pushState()
      .catch((): PushState => 'unsupported')
      .then((value) => live && setState(value));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = useCallback(async () => {
    setBusy(true);
    setFailed(false);
    try {
      setState(await enablePush(dispatch));
    } catch {
      setFailed(true);
      setState(await pushState().catch((): PushState => 'unsupported'));
    } finally {
      setBusy(false);
    }
  }, [dispatch]);

  const turnOff = useCallback(async () => {
    setBusy(true);
    await disablePush(dispatch).catch(() => undefined);
    setState(await pushState().catch((): PushState => 'unsupported'));
    setBusy(false);
  }, [dispatch]);

  return { state, busy, failed, turnOn, turnOff };
}

/** The dropdown's offer: shown only while push is possible, off, and not declined lately. */
export function PushOffer() {
  const t = useT(notificationsMessages);
  const { state, busy, failed, turnOn } = usePushState();
  const [hidden, setHidden] = useState(false);
  // Subscribing needs the push service: no point offering it on a phone that is offline.
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  if (hidden || offline || state === null || !shouldOfferPush(state)) {
    return failed ? (
      <p className="notif-push-note" role="alert">
        {t('pushFailed')}
      </p>
    ) : null;
  }
  return (
    <div className="notif-push-offer">
      <p className="notif-push-title">{t('pushTitle')}</p>
      <p>{t('pushOffer')}</p>
      {failed && <p role="alert">{t('pushFailed')}</p>}
      <div className="notif-push-actions">
        <Button variant="contained" type="button" onClick={() => void turnOn()} disabled={busy}>
          {busy ? t('pushWorking') : t('pushTurnOn')}
        </Button>
        <Button
          variant="outlined"
          type="button"
          onClick={() => {
            declinePushOffer();
            setHidden(true);
          }}
        >
          {t('pushNotNow')}
        </Button>
      </div>
    </div>
  );
}

/** The settings switch for this device. */
export function PushSwitch() {
  const t = useT(notificationsMessages);
  const { state, busy, failed, turnOn, turnOff } = usePushState();
  if (state === null) return null;
  return (
    <div className="notif-push-switch" aria-busy={busy}>
      <p className="notif-push-title">{t('pushTitle')}</p>
      {state === 'unsupported' && <p>{t('pushUnsupported')}</p>}
      {state === 'denied' && <p>{t('pushDenied')}</p>}
      {state === 'on' && (
        <>
          <p>{t('pushOn')}</p>
          <Button variant="outlined" type="button" onClick={() => void turnOff()} disabled={busy}>
            {busy ? t('pushWorking') : t('pushTurnOff')}
          </Button>
        </>
      )}
      {state === 'off' && (
        <>
          <p>{t('pushOff')}</p>
          <Button variant="contained" type="button" onClick={() => void turnOn()} disabled={busy}>
            {busy ? t('pushWorking') : t('pushTurnOn')}
          </Button>
        </>
      )}
      {failed && <p role="alert">{t('pushFailed')}</p>}
    </div>
  );
}
