/**
 * The signed-in user's menu (docs/product.md §2): avatar initial, full name (or email), email, user type and
 * Sign Out, which ends the session and returns to the home page. When signing out would delete
 * something not yet sent from this device (unsent chat messages: session-end's sign-out warnings),
 * it says so first, with Cancel and Sign out anyway.
 */
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLang, useT } from '../../lib/i18n';
import { signOut } from '../../lib/session/session-api';
import { signOutWarnings } from '../../lib/session/session-end';
import type { SessionUser } from '../../lib/session/storage';
import { useAppDispatch } from '../../lib/store-hooks';
import { headerMessages } from './header-messages';
import { useDisclosure } from './use-disclosure';

function displayName(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

export function UserMenu({ user }: { user: SessionUser }) {
  const t = useT(headerMessages);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { open, toggle, buttonRef, panelRef } = useDisclosure<HTMLDivElement>();
  const { lang } = useLang();
  const [signingOut, setSigningOut] = useState(false);
  /** What signing out would lose, shown for the user to confirm; null when not asking. */
  const [warnings, setWarnings] = useState<string[] | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const name = displayName(user);
  const initial = (Array.from(name)[0] ?? '?').toLocaleUpperCase();

  useEffect(() => {
    if (warnings) cancelRef.current?.focus();
  }, [warnings]);

  const signOutNow = async () => {
    setWarnings(null);
    setSigningOut(true);
    await dispatch(signOut());
    void navigate('/', { replace: true });
  };

  const onSignOut = async () => {
    setSigningOut(true);
    const found = await signOutWarnings(lang);
    if (found.length === 0) return signOutNow();
    setSigningOut(false);
    setWarnings(found);
  };

  return (
    <div className="user-menu">
      <IconButton
        ref={buttonRef}
        className="avatar-button"
        aria-expanded={open}
        aria-controls="user-menu-panel"
        aria-label={t('userMenu', { name })}
        onClick={() => {
          // A question left open when the menu closed is not asked again on reopening.
          setWarnings(null);
          toggle();
        }}
      >
        <Avatar className="avatar" aria-hidden="true">
          {initial}
        </Avatar>
      </IconButton>
      <Paper
        ref={panelRef}
        elevation={6}
        id="user-menu-panel"
        className={open ? 'user-menu-panel is-open' : 'user-menu-panel'}
      >
        <p className="user-menu-name">{name}</p>
        <p className="user-menu-email">{user.email}</p>
        <p className="user-menu-role">
          <span className="muted">{t('userType')}: </span>
          {t(`role${user.role}`)}
        </p>
        {warnings ? (
          <div
            className="user-menu-confirm"
            role="alertdialog"
            aria-label={t('signOut')}
            aria-describedby="user-menu-warnings"
          >
            <div id="user-menu-warnings" className="alert alert-error">
              {warnings.map((warning) => (
                <p key={warning}>{warning}</p>
              ))}
            </div>
            <Button ref={cancelRef} variant="outlined" fullWidth onClick={() => setWarnings(null)}>
              {t('cancel')}
            </Button>
            <Button variant="contained" fullWidth onClick={() => void signOutNow()}>
              {t('signOutAnyway')}
            </Button>
          </div>
        ) : (
          <Button variant="outlined" fullWidth onClick={onSignOut} disabled={signingOut}>
            {signingOut ? t('signingOut') : t('signOut')}
          </Button>
        )}
      </Paper>
    </div>
  );
}
