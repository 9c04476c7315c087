// /admin/settings/ccbill-rest-api-settings: the application ID and secret of CCBill's REST API (saved cards and
// charges of a card on file).
import ApiOutlinedIcon from '@mui/icons-material/ApiOutlined';
import { PageGuard } from '../promotions/PageGuard';
import { ConfigColumn } from '../site-config/parts';
import { ProviderSettingsCard } from './ProviderSettingsCard';
import { CCBILL_REST_API_SETTINGS_PAGE } from './paths';

export default function CcbillRestApiSettingsPage() {
  return (
    <PageGuard page={CCBILL_REST_API_SETTINGS_PAGE} title="CCBill REST API">
      <ConfigColumn testId="ccbill-rest-api-settings">
        <ProviderSettingsCard provider="ccbill-rest-api" icon={<ApiOutlinedIcon />} subtitle="Saved cards and one-click charges. CCBill issues the application on request and allow-lists your domain." />
      </ConfigColumn>
    </PageGuard>
  );
}
