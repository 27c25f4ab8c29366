/**
 * A one-off success message handed to the next screen in history state (e.g. "Email verified
 * successfully" after verification). Loaded lazily by the layout: it needs the contract texts'
 * translations, which the first page load does not.
 */
import { useContractText } from '../lib/contract-text';

export function NavNotice({ text }: { text: string }) {
  const tx = useContractText();
  return (
    <div className="container nav-notice">
      <p role="status" className="alert alert-success">
        {tx(text)}
      </p>
    </div>
  );
}
