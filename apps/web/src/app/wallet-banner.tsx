import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { walletAlertQuery } from '../lib/wallet-alert.ts';
import './wallet-banner.css';

/**
 * The low-balance banner under the top bar, for admins and agents, when the office's wallet is under the level an
 * admin set or the running holds would take it there (decision 020). Admins see the figures and a way to the
 * statement; agents see what to do.
 */
export function WalletBanner({ isAdmin }: { isAdmin: boolean }) {
  const alert = useQuery(walletAlertQuery);
  const alerts = alert.data?.alerts ?? [];
  if (alerts.length === 0) return null;
  return (
    <div className="wallet-banner" role="status">
      <strong>Wallet low.</strong>{' '}
      {alerts.map((a) => (
        <span key={a.kind}>{a.message} </span>
      ))}
      {isAdmin && <Link to="/admin/wallet">See the wallet statement</Link>}
    </div>
  );
}
