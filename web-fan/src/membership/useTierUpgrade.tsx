// "Upgrade to <tier>" on something limited to a higher tier (a post, a locked chat message): the Change plan dialog
// of /membership, opened where the fan is with that tier chosen. Once upgraded, the fan's own data is read again
// (waiting for the answer's position first) and the caller reads again what the upgrade opened.
import { useCallback, useState, type ReactNode } from 'react';
import { useAuth } from '../auth';
import { useNotify } from '../notify';
import { paysFromWallet } from '../wallet/useWalletPurchase';
import { ChangeTierDialog } from './ChangeTierDialog';
import { useMembership } from './useMembership';

export function useTierUpgrade(onUpgraded: (position: string | undefined) => Promise<void>): {
  /** Opens Change plan with this tier chosen (null: none chosen). */
  openUpgrade: (tierId: string | null) => void;
  elements: ReactNode;
} {
  const { me, refresh } = useAuth();
  const notify = useNotify();
  const { details, reload } = useMembership();
  // undefined: closed; a tier id or null: open with that choice.
  const [choice, setChoice] = useState<string | null | undefined>(undefined);
  const tier = details?.tier ?? null;

  const openUpgrade = useCallback((tierId: string | null) => setChoice(tierId), []);

  const changed = async (answer: { message?: string; position?: string }) => {
    setChoice(undefined);
    notify(answer.message || 'Your plan has been changed.', 'success');
    await refresh(answer.position).catch(() => undefined);
    await reload();
    await onUpgraded(answer.position);
  };

  const elements =
    choice !== undefined && tier ? (
      <ChangeTierDialog
        open
        tier={tier}
        fromWallet={paysFromWallet(me)}
        initialChoice={choice}
        onClose={() => setChoice(undefined)}
        onChanged={(answer) => void changed(answer)}
      />
    ) : null;
  return { openUpgrade, elements };
}
