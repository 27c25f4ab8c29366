/**
 * A form's outcome message. Errors use role="alert" (announced at once); successes use
 * role="status" (announced politely). The region is always rendered so the announcement fires.
 */
import './form.css';

export function FormAlert({ error, success }: { error?: string | null; success?: string | null }) {
  return (
    <div className="form-alerts">
      <div role="alert" className={error ? 'alert alert-error' : undefined}>
        {error}
      </div>
      <div role="status" className={success && !error ? 'alert alert-success' : undefined}>
        {!error && success}
      </div>
    </div>
  );
}
