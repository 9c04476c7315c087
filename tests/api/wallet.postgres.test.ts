import { walletSuite } from './wallet.suite';
import { requirePostgresServer } from '../support/postgres';

walletSuite('postgres', await requirePostgresServer());
