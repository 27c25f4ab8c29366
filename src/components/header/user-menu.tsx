/**
 * The signed-in user's menu (SPEC §2): avatar initial, full name (or email), email, user type and
 * Sign Out, which ends the session and returns to the home page.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../lib/i18n';
import { signOut } from '../../lib/session/session-api';
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
  const [signingOut, setSigningOut] = useState(false);
  const name = displayName(user);
  const initial = (Array.from(name)[0] ?? '?').toLocaleUpperCase();

  const onSignOut = async () => {
    setSigningOut(true);
    await dispatch(signOut());
    void navigate('/', { replace: true });
  };

  return (
    <div className="user-menu">
      <button
        ref={buttonRef}
        type="button"
        className="avatar-button"
        aria-expanded={open}
        aria-controls="user-menu-panel"
        aria-label={t('userMenu', { name })}
        onClick={toggle}
      >
        <span className="avatar" aria-hidden="true">
          {initial}
        </span>
      </button>
      <div ref={panelRef} id="user-menu-panel" className={open ? 'user-menu-panel is-open' : 'user-menu-panel'}>
        <p className="user-menu-name">{name}</p>
        <p className="user-menu-email">{user.email}</p>
        <p className="user-menu-role">
          <span className="muted">{t('userType')}: </span>
          {t(`role${user.role}`)}
        </p>
        <button type="button" className="btn btn-secondary btn-block" onClick={onSignOut} disabled={signingOut}>
          {signingOut ? t('signingOut') : t('signOut')}
        </button>
      </div>
    </div>
  );
}
