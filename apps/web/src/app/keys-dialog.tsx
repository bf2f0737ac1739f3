import { useId } from 'react';
import { ModalDialog } from '../components/modal-dialog.tsx';

const KEYS: { keys: string[]; what: string }[] = [
  {
    keys: ['Ctrl K', '⌘ K'],
    what: 'Go to a booking, trip, traveller or screen; type a search (LON NYC 12dec 2a)',
  },
  { keys: ['/'], what: 'Go to the search field of this screen' },
  { keys: ['j', '↓'], what: 'Next row of the list' },
  { keys: ['k', '↑'], what: 'Previous row of the list' },
  { keys: ['Enter'], what: 'Open the row' },
  {
    keys: ['Tab', 'Enter'],
    what: 'In a place field: take the place highlighted (the code typed, LON, first)',
  },
  { keys: ['?'], what: 'This list of keys' },
  { keys: ['Esc'], what: 'Close a dialog or a list of suggestions; in the search field, back to the screen' },
];

/** `?`: the console's keys, in the browser's own modal (Escape or Close shuts it; focus goes back where it was). */
export function KeysDialog({ onClose }: { onClose: () => void }) {
  const title = useId();
  return (
    <ModalDialog labelledBy={title} onClose={onClose}>
      <div className="dialog keys-dialog">
        <h2 id={title}>Keys</h2>
        <p className="muted small">Not while typing in a field, except where said.</p>
        <table className="data keys-table">
          <caption className="visually-hidden">Keys and what they do</caption>
          <tbody>
            {KEYS.map((entry) => (
              <tr key={entry.what}>
                <th scope="row">
                  {entry.keys.map((key, i) => (
                    <span key={key}>
                      {i > 0 && ' or '}
                      <kbd>{key}</kbd>
                    </span>
                  ))}
                </th>
                <td>{entry.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
