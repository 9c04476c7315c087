import { walletSuite } from './wallet.suite';

walletSuite('pglite', true);
