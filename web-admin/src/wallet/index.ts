import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import { lazyPage } from '../components/lazyPage';

// The pages load on first visit (their own chunks), not with the console.
const CryptoPaymentList = lazyPage(async () => (await import('./CryptoPaymentList')).CryptoPaymentList);

/** Crypto top-ups of fans' wallets, with the sandbox provider's controls (admins only). */
export default {
  list: CryptoPaymentList,
  icon: CurrencyBitcoinIcon,
};
