/**
 * docs/product.md §2's delete confirmation for notes and documents (cases themselves are not deletable): shown
 * in place of the item's actions as an alert dialog, focus on the safe choice, Escape cancels.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { formErrorText } from '../../lib/api/app-error';
import { useT } from '../../lib/i18n';
import { casesMessages } from './cases-messages';
import { useCaseText } from './cases-text';
import Button from '@mui/material/Button';

interface ConfirmDeleteProps {
  title: string;
  body: string;
  onConfirm: () => Promise<unknown>;
  onCancel: () => void;
}

export function ConfirmDelete({ title, body, onConfirm, onCancel }: ConfirmDeleteProps) {
  const t = useT(casesMessages);
  const tc = useCaseText();
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => cancel.current?.focus(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busy) onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, onCancel]);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(tc(formErrorText(error, t('deleteFailed'))));
      setBusy(false);
    }
  };

  return (
    <div className="confirm-delete" role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}>
      <p id={`${id}-title`} className="confirm-delete-title">
        {title}
      </p>
      <p id={`${id}-body`}>{body}</p>
      {failure && (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}
      <div className="form-actions">
        <Button variant="contained" color="error" type="button" onClick={() => void confirm()} disabled={busy}>
          {busy ? t('deleting') : t('delete')}
        </Button>
        <Button variant="outlined" ref={cancel} type="button" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}
