// The CCBill and Sticky.io path sets answer only while their provider may charge the cards
// (domain/payment/provider-paths.ts providerPathRefusal): otherwise 409 PROVIDER_NOT_CONFIGURED, naming what is missing.
import { DomainError } from '../domain/shared/decider';
import { providerPathRefusal, type PathSet } from '../domain/payment/provider-paths';
import { currentSettings } from '../projections/settings';
import { providerSettingsGetter } from './payment-provider-settings';
import type { Services } from './services';

export function providerPathGuard(services: Services, set: Exclude<PathSet, 'v2'>) {
  const sticky = providerSettingsGetter(services, 'sticky-io');
  const ccbillAccount = providerSettingsGetter(services, 'ccbill');
  const ccbillRest = providerSettingsGetter(services, 'ccbill-rest-api');
  return async () => {
    const s = await currentSettings(services.database.db);
    const [stickySaved, account, rest] = await Promise.all([sticky(), ccbillAccount(), ccbillRest()]);
    const refusal = providerPathRefusal(set, {
      stickyIoSwitchedOn: s.is_sticky_io_enabled,
      stickyIoSettingsSaved: !!stickySaved,
      ccbillRestSwitchedOn: s.enable_ccbill_rest_api,
      ccbillSettingsSaved: !!account && !!rest,
    });
    if (refusal) throw new DomainError(refusal, 'PROVIDER_NOT_CONFIGURED', 409);
  };
}
