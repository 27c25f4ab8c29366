/** A router link that looks like a button: the marketing pages' calls to action. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './marketing.module.css';

export function ButtonLink({ to, primary = false, children }: { to: string; primary?: boolean; children: ReactNode }) {
  return (
    <Link className={`${styles.btn} ${primary ? styles.btnPrimary : styles.btnSecondary}`} to={to}>
      {children}
    </Link>
  );
}
