// The signed-in user as GET /api/users/me answers it (MeView), from the users, subscribers, cards, account
// status and wallet read models; and who reads the public settings.
import type { MeView } from '../../domain/user/wire';
import type { SettingsViewer } from '../../domain/settings/shell-wire';
import { findAccountStatus } from '../../projections/account-status';
import { findUser } from '../../projections/users';
import { findSubscriber, subscriberStatus } from '../../projections/subscribers';
import { savedCards } from '../../projections/cards';
import { findWallet } from '../../projections/wallet';
import { meView } from '../views';
import type { Services } from '../services';
import type { Caller } from '../auth';

export async function meOf(services: Services, userId: string): Promise<MeView | null> {
  const db = services.database.db;
  const [user, sub, cards, status, wallet] = await Promise.all([findUser(db, userId), findSubscriber(db, userId), savedCards(db, userId), findAccountStatus(db, userId), findWallet(db, userId)]);
  return user ? meView(user, sub, cards.find((c) => c.is_primary)?._id ?? null, services.clock().toISOString(), status, wallet) : null;
}

/** Who reads the public settings: the caller's role and whether their membership runs now (a guest: neither). */
export async function settingsViewerOf(services: Services, caller: Caller | null | undefined): Promise<SettingsViewer> {
  if (!caller) return { role: null, member: false };
  const sub = await findSubscriber(services.database.db, caller.userId);
  return { role: caller.role, member: subscriberStatus(sub, services.clock().toISOString()) === 'active' };
}
