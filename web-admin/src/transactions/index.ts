import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazyPage } from '../components/lazyPage';

// The pages load on first visit (their own chunks), not with the console.
const TransactionList = lazyPage(async () => (await import('./TransactionList')).TransactionList);

export default {
  list: TransactionList,
  icon: ReceiptLongIcon,
};
