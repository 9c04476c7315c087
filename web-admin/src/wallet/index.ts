import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import { CryptoPaymentList } from './CryptoPaymentList';

/** Crypto top-ups of fans' wallets, with the sandbox provider's controls (admins only). */
export default {
  list: CryptoPaymentList,
  icon: CurrencyBitcoinIcon,
};
