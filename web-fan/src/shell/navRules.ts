// Which tabs the fan site's navigation shows for a role (the live_stream_manager has no Tips tab; it
// neither tips nor sees tips). Support users have no bottom navigation at all (in Shell.tsx).
import type { MeView } from '../../../domain/user/wire';

export function hasTipsTab(me: Pick<MeView, 'role'> | null | undefined, proxy: boolean): boolean {
  return proxy || me?.role !== 'live_stream_manager';
}
