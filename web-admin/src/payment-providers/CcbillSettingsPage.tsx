// /admin/settings/ccbill-settings: the CCBill account, subaccount, FlexForm and salt (hosted payment form and
// webhooks), live or sandbox, and the DataLink login used to cancel, refund and void.
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import ManageSearchOutlinedIcon from '@mui/icons-material/ManageSearchOutlined';
import { PageGuard } from '../promotions/PageGuard';
import { ConfigColumn } from '../site-config/parts';
import { ProviderSettingsCard } from './ProviderSettingsCard';
import { CCBILL_SETTINGS_PAGE } from './paths';

export default function CcbillSettingsPage() {
  return (
    <PageGuard page={CCBILL_SETTINGS_PAGE} title="CCBill">
      <ConfigColumn testId="ccbill-settings">
        <ProviderSettingsCard provider="ccbill" icon={<CreditCardOutlinedIcon />} subtitle="The hosted payment form (FlexForms) fans pay on, and the key CCBill's notices are checked with." />
        <ProviderSettingsCard provider="ccbill-datalink" icon={<ManageSearchOutlinedIcon />} subtitle="DataLink cancels, refunds and voids subscriptions. Ask CCBill to allow-list this server's IP address." />
      </ConfigColumn>
    </PageGuard>
  );
}
