/** The progress bar of an upload: a labelled <progress> and the percentage in words. */
import './form.css';

export function UploadProgress({ fraction, label, text }: { fraction: number; label: string; text: string }) {
  return (
    <div className="upload-progress">
      <progress max={100} value={Math.round(fraction * 100)} aria-label={label} />
      <span aria-hidden="true">{text}</span>
    </div>
  );
}
