/** The service worker's notice as an MUI Snackbar (update-prompt.tsx decides what it says). */
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import type { ReactNode } from 'react';

export function PwaNotice({ text, actions }: { text: ReactNode; actions: { label: string; onClick: () => void }[] }) {
  return (
    <Snackbar open anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} className="pwa-toast">
      <SnackbarContent
        role="status"
        aria-live="polite"
        message={<span className="pwa-toast__text">{text}</span>}
        action={actions.map((action) => (
          <Button key={action.label} color="inherit" size="small" onClick={action.onClick}>
            {action.label}
          </Button>
        ))}
      />
    </Snackbar>
  );
}
