/** A router link that looks like a button: the marketing pages' calls to action (MUI Button over a router Link). */
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './marketing.module.css';

export function ButtonLink({ to, primary = false, children }: { to: string; primary?: boolean; children: ReactNode }) {
  return (
    <Button
      component={Link}
      to={to}
      variant={primary ? 'contained' : 'outlined'}
      size="large"
      className={styles.ctaButton}
    >
      {children}
    </Button>
  );
}
