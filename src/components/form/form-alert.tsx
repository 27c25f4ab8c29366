/**
 * A form's outcome message (MUI Alert). Errors use role="alert" (announced at once); successes use
 * role="status" (announced politely). Both regions are always rendered so the announcement fires.
 */
import Alert from '@mui/material/Alert';
import './form.css';

export function FormAlert({ error, success }: { error?: string | null; success?: string | null }) {
  return (
    <div className="form-alerts">
      <div role="alert">
        {error && (
          <Alert severity="error" role="presentation" className="alert alert-error">
            {error}
          </Alert>
        )}
      </div>
      <div role="status">
        {success && !error && (
          <Alert severity="success" role="presentation" className="alert alert-success">
            {success}
          </Alert>
        )}
      </div>
    </div>
  );
}
