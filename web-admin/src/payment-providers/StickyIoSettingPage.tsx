// /admin/settings/sticky-io-setting: the Sticky.io account, API user, the campaign, offer, product and billing
// model memberships are sold with, and the postback secret.
import AutorenewOutlinedIcon from '@mui/icons-material/AutorenewOutlined';
import { PageGuard } from '../promotions/PageGuard';
import { ConfigColumn } from '../site-config/parts';
import { ProviderSettingsCard } from './ProviderSettingsCard';
import { STICKY_IO_SETTING_PAGE } from './paths';

export default function StickyIoSettingPage() {
  return (
    <PageGuard page={STICKY_IO_SETTING_PAGE} title="Sticky.io">
      <ConfigColumn testId="sticky-io-setting">
        <ProviderSettingsCard provider="sticky-io" icon={<AutorenewOutlinedIcon />} subtitle="Memberships billed and renewed by Sticky.io. The API user needs the order methods granted in the CRM." />
      </ConfigColumn>
    </PageGuard>
  );
}
