// /admin/settings/forum-pay-setting: the Wallet and crypto settings form, and under it the ForumPay keys and live
// mode for those the API lets read them (admins); the form's other roles see the form only.
import CurrencyBitcoinOutlinedIcon from '@mui/icons-material/CurrencyBitcoinOutlined';
import { usePermissions } from 'react-admin';
import { mayCall } from '../access';
import { SettingsPage } from '../settings-index/SettingsPage';
import { ProviderSettingsCard } from './ProviderSettingsCard';

export default function ForumPaySettingPage() {
  const { permissions } = usePermissions();
  const keys = mayCall(permissions, 'GET /api/settings/payment-providers/forumpay') ? (
    <ProviderSettingsCard provider="forumpay" icon={<CurrencyBitcoinOutlinedIcon />} subtitle="The ForumPay API user, secret and POS ID crypto top-ups are received with; live or sandbox." />
  ) : null;
  return <SettingsPage slug="forum-pay-setting" after={keys} />;
}
